/**
 * Whether the server already holds what a dependent wants to apply (java-operator-sdk's
 * server-side-apply matcher): the live object, pruned to the fields its field manager owns
 * (`managed-fields.ts`), compared with the desired apply configuration. Equal means an
 * apply would change nothing, so none is sent. A field another manager changed with a plain
 * update moved to that manager, a field the desired configuration no longer names is still
 * owned: either shows as a difference, and the next apply restores or removes it. Fields
 * only other managers own never take part.
 *
 * Both sides are compared as JSON after the same normalization: the identity the API server
 * keeps outside managedFields (`apiVersion`, `kind`, `metadata.name`, `metadata.namespace`)
 * and `status` (an apply to the object ignores it) are left out, and an empty map or list,
 * `null` and `undefined` count as absent (the server omits empty values it owns), a `Date`
 * is a time in whole seconds (as `metav1.Time` is stored). Values are compared as written,
 * except the quantities of `limits`, `requests` and the like, which compare by amount
 * (quantity.ts: `0.5` applied and `500m` stored are equal). Labels the client adds to every
 * write on its own (sharding's range label: `stampedLabels`) take part only when the
 * desired configuration names them.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { formatTime } from '../api/time.js';
import { appliedFields, type FieldsV1, pruneToFields } from './managed-fields.js';
import { QUANTITY_MAPS, sameQuantity } from './quantity.js';

/** `value` without absent values: undefined, null, and maps or lists left empty. */
function normalize(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(normalize).filter((v) => v !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (value instanceof Date) return formatTime(value); // as metav1.Time is stored: whole seconds
  if (typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  let empty = true;
  for (const [key, v] of Object.entries(value)) {
    const n = normalize(v);
    if (n === undefined) continue;
    Object.defineProperty(out, key, { value: n, enumerable: true, writable: true, configurable: true });
    empty = false;
  }
  return empty ? undefined : out;
}

/** JSON equality of normalized values; the values of a quantity map (`field`) compare by amount. */
function equal(a: unknown, b: unknown, field = ''): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => equal(v, b[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  const quantities = QUANTITY_MAPS.has(field);
  return keys.every(
    (key) => Object.hasOwn(y, key) && (equal(x[key], y[key], key) || (quantities && sameQuantity(x[key], y[key]))),
  );
}

/** What of an object or configuration takes part in the comparison. */
function comparable(obj: KubernetesObject): unknown {
  const { apiVersion: _a, kind: _k, status: _s, metadata, ...rest } = obj as KubernetesObject & { status?: unknown };
  const { name: _n, namespace: _ns, ...meta } = metadata ?? {};
  return normalize({ ...rest, metadata: meta });
}

/**
 * True when applying `desired` as `manager` would change nothing on `live`; `fields` stands
 * in for a missing entry of `manager`.
 */
export function appliedMatches(
  live: KubernetesObject,
  desired: KubernetesObject,
  manager: string,
  fields: FieldsV1 | undefined = appliedFields(live, manager),
  stampedLabels: readonly string[] = [],
): boolean {
  if (fields === undefined) return false;
  const owned = pruneToFields(live, fields) as KubernetesObject;
  const stamped = stampedLabels.filter((label) => desired.metadata?.labels?.[label] === undefined);
  if (stamped.length > 0 && owned.metadata?.labels !== undefined) {
    const labels = Object.fromEntries(Object.entries(owned.metadata.labels).filter(([k]) => !stamped.includes(k)));
    return equal(comparable({ ...owned, metadata: { ...owned.metadata, labels } }), comparable(desired));
  }
  return equal(comparable(owned), comparable(desired));
}
