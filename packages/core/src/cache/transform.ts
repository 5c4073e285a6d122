/**
 * What happens to an object between the wire and the store: `metadata.managedFields` is
 * stripped (unless opted out; it is often half an object's size), user transforms run, and
 * the result is deep-frozen so that every reader can share it without copies.
 *
 * The cache strips with `stripManagedFieldsExcept()`: every entry goes, except the
 * server-side-apply entries (of the object, not a subresource) of the field managers kept
 * with `keepManagedFields(transform, manager)`. Dependents keep their own entry on the kinds
 * they apply, so that they can tell from the cache whether an apply would change anything
 * (dependent/ssa-matcher.ts). A manager kept later applies to the objects stored after.
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

/** The managers each stripping transform keeps (`stripManagedFields` keeps none, ever). */
const keptBy = new WeakMap<TransformFunc, Set<string> | undefined>([[stripManagedFields, undefined]]);

interface ManagedFieldsEntry {
  manager?: string;
  operation?: string;
  subresource?: string;
}

/** Strips `metadata.managedFields` but the Apply entries of the managers `keepManagedFields` adds. */
export function stripManagedFieldsExcept(): TransformFunc {
  const managers = new Set<string>();
  const transform: TransformFunc = (obj) => {
    const entries = obj.metadata?.managedFields as ManagedFieldsEntry[] | undefined;
    if (managers.size === 0 || entries === undefined) return stripManagedFields(obj);
    const kept = entries.filter(
      (e) => e.operation === 'Apply' && !e.subresource && e.manager !== undefined && managers.has(e.manager),
    );
    const { managedFields: _, ...metadata } = obj.metadata ?? {};
    obj.metadata = kept.length === 0 ? metadata : { ...metadata, managedFields: kept as never };
    return obj;
  };
  keptBy.set(transform, managers);
  return transform;
}

/** Each composed transform that strips, and the managers it keeps. */
const stripping = new WeakMap<TransformFunc, Set<string> | undefined>();

/** Chains transforms, then freezes the result. */
export function composeTransforms(transforms: readonly TransformFunc[]): TransformFunc {
  const composed: TransformFunc = (obj) => deepFreeze(transforms.reduce((o, t) => t(o), obj));
  const stripper = transforms.find((t) => keptBy.has(t));
  if (stripper !== undefined) stripping.set(composed, keptBy.get(stripper));
  return composed;
}

const KEEPS_NONE: ReadonlySet<string> = new Set();

/**
 * The managers whose Apply entries a composed transform keeps, a live set (`keepManagedFields`
 * adds to it): while it is empty, every `metadata.managedFields` entry goes, so a copy made
 * for the transform may leave them out. Undefined when the transform strips nothing.
 */
export function managedFieldsKept(transform: TransformFunc): ReadonlySet<string> | undefined {
  return stripping.has(transform) ? (stripping.get(transform) ?? KEEPS_NONE) : undefined;
}

/**
 * Makes a composed transform keep `manager`'s Apply entry; true when objects will carry it
 * (also when the transform strips nothing), false when it strips every entry for good.
 */
export function keepManagedFields(transform: TransformFunc, manager: string): boolean {
  if (!stripping.has(transform)) return true;
  const managers = stripping.get(transform);
  managers?.add(manager);
  return managers !== undefined;
}
