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
import type { JSONSchemaProps } from '../apiextensions/types.js';
import { fieldPath } from './issues.js';
import { canonicalJson } from './list-type.js';
import { isObject } from './plain.js';

/**
 * Comparisons already made, per (new, old) pair of objects: the walks compare a node and
 * then its children, and a hostile update (a deep chain beside a wide sibling) would
 * otherwise compare the same subtrees once per level. Go caches them too (`CachedDeepEqual`).
 */
const compared = new WeakMap<object, WeakMap<object, boolean>>();

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  let row = compared.get(a);
  const known = row?.get(b);
  if (known !== undefined) return known;
  let equal: boolean;
  if (Array.isArray(a) || Array.isArray(b)) {
    equal = Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  } else {
    const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
    const keys = Object.keys(x).filter((k) => x[k] !== undefined);
    equal =
      keys.length === Object.keys(y).filter((k) => y[k] !== undefined).length &&
      keys.every((k) => deepEqual(x[k], y[k]));
  }
  if (row === undefined) {
    row = new WeakMap();
    compared.set(a, row);
  }
  row.set(b, equal);
  return equal;
}

/** Whether `value` equals `old` as JSON (object keys in any order); absent values never do. */
export const unchanged = (value: unknown, old: unknown): boolean =>
  value !== undefined && old !== undefined && deepEqual(value, old);

/** The items of an old list-map by their key tuple (JSON), built once per list: Go's `MakeMapList`. */
const indexes = new WeakMap<readonly unknown[], Map<string, unknown>>();

const keyOf = (item: Record<string, unknown>, keys: readonly string[]) =>
  canonicalJson(keys.map((k) => item[k] ?? null));

/** The old item of a list-map with the same key values as `item`, or undefined. */
export function correlatedItem(item: unknown, schema: JSONSchemaProps, old: unknown): unknown {
  const keys = schema['x-kubernetes-list-map-keys'];
  if (schema['x-kubernetes-list-type'] !== 'map' || keys === undefined || !Array.isArray(old) || !isObject(item)) {
    return undefined;
  }
  let index = indexes.get(old);
  if (index === undefined) {
    index = new Map();
    for (const o of old) if (isObject(o) && !index.has(keyOf(o, keys))) index.set(keyOf(o, keys), o);
    indexes.set(old, index);
  }
  return index.get(keyOf(item, keys));
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
