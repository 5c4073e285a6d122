/**
 * What happens to an object between the wire and the store: `metadata.managedFields` is
 * stripped (unless opted out; it is often half an object's size), user transforms run, and
 * the result is deep-frozen so that every reader can share it without copies.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';

/** Changes an object before it is stored; may return the same object. */
export type TransformFunc = (obj: KubernetesObject) => KubernetesObject;

/** Removes `metadata.managedFields` (controller-runtime's `TransformStripManagedFields`). */
export const stripManagedFields: TransformFunc = (obj) => {
  if (obj.metadata?.managedFields === undefined) return obj;
  // a rebuilt metadata object keeps V8's fast properties, which `delete` would give up
  const { managedFields: _, ...metadata } = obj.metadata;
  obj.metadata = metadata;
  return obj;
};

/** Freezes an object and everything reachable from it. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  // loops rather than Object.values: no array per object of every cached event
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
  else for (const key in value) if (Object.hasOwn(value, key)) deepFreeze(value[key]);
  return value;
}

const stripping = new WeakSet<TransformFunc>();

/** Chains transforms, then freezes the result. */
export function composeTransforms(transforms: readonly TransformFunc[]): TransformFunc {
  const composed: TransformFunc = (obj) => deepFreeze(transforms.reduce((o, t) => t(o), obj));
  if (transforms.includes(stripManagedFields)) stripping.add(composed);
  return composed;
}

/** Whether a composed transform strips `metadata.managedFields` (a copy made for it may leave them out). */
export function stripsManagedFields(transform: TransformFunc): boolean {
  return stripping.has(transform);
}
