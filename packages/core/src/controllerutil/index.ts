/**
 * Helpers reconcilers use on objects (controller-runtime's `controllerutil`, plus condition
 * helpers); the package root exports them as the namespace `controllerutil`.
 *
 * - `setControllerReference`, `setOwnerReference`, `getControllerOf`
 * - `withControllerReference`, `withOwnerReference`: the same for apply configurations (copies)
 * - `createOrUpdate`, `createOrPatch` (write only when something changed)
 * - `addFinalizer`, `removeFinalizer`, `containsFinalizer`
 * - `setStatusCondition`, `findStatusCondition`, `isStatusConditionTrue`, `removeStatusCondition`
 * - `jsonEqual`: the equality `createOrUpdate` uses (content, not prototypes), for comparing
 *   a computed status with a cached one before writing it
 * @module controllerutil
 */
export { withControllerReference, withOwnerReference } from './apply.js';
export {
  type Condition,
  type ConditionInput,
  findStatusCondition,
  isStatusConditionTrue,
  removeStatusCondition,
  setStatusCondition,
} from './conditions.js';
export { createOrPatch, createOrUpdate, type OperationResult } from './create-or-update.js';
export { addFinalizer, containsFinalizer, removeFinalizer } from './finalizers.js';
export { jsonEqual } from './json-equal.js';
export { getControllerOf, setControllerReference, setOwnerReference } from './owner.js';
