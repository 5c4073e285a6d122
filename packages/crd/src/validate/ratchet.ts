/**
 * Validation ratcheting (Kubernetes 1.33+, apiextensions-apiserver's `ratcheting.go`): on
 * UPDATE the API server forgives a schema error in a node that correlates with the old
 * object and did not change, so an object stored under an older, looser schema can still
 * be updated elsewhere. Nodes correlate as for transition rules: properties present in
 * both objects, map values by key, items of `listType=map` lists by their keys (items of
 * other lists never). CEL rules without `oldSelf` ratchet the same way (cel.ts); embedded
 * ObjectMeta checks do not; set/map uniqueness is checked only when the old object had no
 * duplicates.
 * @module
 */
import type { JSONSchemaProps } from '../schema/types.js';
import { fieldPath } from './issues.js';
import { canonicalJson } from './list-type.js';
import { isObject } from './plain.js';

/** Whether `value` equals `old` (JSON equality, object keys in any order). */
export const unchanged = (value: unknown, old: unknown): boolean =>
  value !== undefined && old !== undefined && canonicalJson(value) === canonicalJson(old);

/** The old item of a list-map with the same key values as `item`, or undefined. */
export function correlatedItem(item: unknown, schema: JSONSchemaProps, old: unknown): unknown {
  const keys = schema['x-kubernetes-list-map-keys'];
  if (schema['x-kubernetes-list-type'] !== 'map' || keys === undefined || !Array.isArray(old) || !isObject(item)) {
    return undefined;
  }
  return old.find((o) => isObject(o) && keys.every((k) => canonicalJson(o[k]) === canonicalJson(item[k])));
}

/** The paths of the highest unchanged correlated nodes: every issue at or under one is forgiven. */
export function unchangedPaths(
  value: unknown,
  old: unknown,
  schema: JSONSchemaProps,
  path = '',
  out = new Set<string>(),
) {
  if (value === undefined || old === undefined) return out;
  if (unchanged(value, old)) {
    out.add(path);
    return out;
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    for (const [i, item] of value.entries()) {
      unchangedPaths(item, correlatedItem(item, schema, old), schema.items, fieldPath(path, i), out);
    }
  } else if (isObject(value) && isObject(old)) {
    const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    for (const [key, child] of Object.entries(value)) {
      const sub = schema.properties?.[key] ?? extra;
      if (sub !== undefined && key in old) unchangedPaths(child, old[key], sub, fieldPath(path, key), out);
    }
  }
  return out;
}

/** Whether the issue at `path` lies at or under one of `paths`. */
export function isRatcheted(path: string, paths: ReadonlySet<string>): boolean {
  for (const p of paths) {
    if (p === '' || path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`)) return true;
  }
  return false;
}
