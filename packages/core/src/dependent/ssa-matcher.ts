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
 * `null` and `undefined` count as absent (the server omits empty values it owns). Values are
 * compared as written: a quantity applied as `1000m` and stored as `1` differs on every
 * reconcile, so write them in the API server's canonical form. Labels the client adds to
 * every write on its own (sharding's range label: `stampedLabels`) take part only when the
 * desired configuration names them.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { jsonEqual } from '../controllerutil/json-equal.js';
import { appliedFields, type FieldsV1, pruneToFields } from './managed-fields.js';

/** `value` without absent values: undefined, null, and maps or lists left empty. */
function normalize(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(normalize).filter((v) => v !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (typeof value !== 'object' || value instanceof Date) return value;
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
    return jsonEqual(comparable({ ...owned, metadata: { ...owned.metadata, labels } }), comparable(desired));
  }
  return jsonEqual(comparable(owned), comparable(desired));
}
