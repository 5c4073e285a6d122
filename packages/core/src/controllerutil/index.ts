/**
 * Helpers reconcilers use on objects (controller-runtime's `controllerutil`, plus condition helpers).
 *
 * - `setControllerReference`, `setOwnerReference`, `getControllerOf`
 * - `createOrUpdate`, `createOrPatch` (write only when something changed)
 * - `addFinalizer`, `removeFinalizer`, `containsFinalizer`
 * - `setStatusCondition`, `findStatusCondition`, `isStatusConditionTrue`, `removeStatusCondition`
 * @module controllerutil
 */
export {
  type Condition,
  type ConditionInput,
  findStatusCondition,
  isStatusConditionTrue,
  removeStatusCondition,
  setStatusCondition,
} from './conditions.js';
export { createOrPatch, createOrUpdate, type MutateFunc, type OperationResult } from './create-or-update.js';
export { addFinalizer, containsFinalizer, removeFinalizer } from './finalizers.js';
export { getControllerOf, OwnerReferenceError, setControllerReference, setOwnerReference } from './owner.js';
