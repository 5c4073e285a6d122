/**
 * The fake client's subset of server-side apply: who owns which field, conflicts, and the
 * removal of fields an applier stops sending. A field is a leaf of the object: a scalar, an
 * empty object, or a whole list (lists are atomic here; the API server merges list-maps
 * such as `containers` by key). `apiVersion`, `kind` and the server-set parts of
 * `metadata` are nobody's.
 *
 * - An apply by manager M owns every field it sends. A field another manager owns with a
 *   different value is a conflict (the whole apply fails) unless `force`, which moves the
 *   field to M. Fields M applied before and omits now are removed, unless someone else owns them.
 * - A create, update or patch by manager U owns the fields it changed, taking them from others.
 *
 * Ownership is kept beside the object: `metadata.managedFields` stays empty.
 * @module
 */
import { isObject, type Json, type JsonObject, jsonEqual } from './json.js';

/** Fields by owner; an owner is `manager` plus operation (`Apply` or `Update`), as in managedFields. */
export type FieldOwners = Map<string, { manager: string; apply: boolean; fields: Set<string> }>;

const serverSet = new Set([
  'name',
  'namespace',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
  'generateName',
]);

/** Every field of `obj`, keyed by its path (JSON of the segments). */
export function fieldsOf(obj: unknown): Map<string, Json> {
  const out = new Map<string, Json>();
  const walk = (value: unknown, path: string[]) => {
    if (isObject(value) && Object.keys(value).length > 0) {
      for (const [key, child] of Object.entries(value)) {
        if (child === undefined) continue;
        if (path.length === 0 && (key === 'apiVersion' || key === 'kind')) continue;
        if (path.length === 1 && path[0] === 'metadata' && serverSet.has(key)) continue;
        walk(child, [...path, key]);
      }
    } else if (path.length > 0) out.set(JSON.stringify(path), value as Json);
  };
  walk(obj, []);
  return out;
}

/** `.spec.replicas`: a path as the API server names it in conflicts. */
export function describePath(key: string): string {
  return (JSON.parse(key) as string[]).map((s) => `.${s}`).join('');
}

const ownerKey = (manager: string, apply: boolean) => `${manager}\u0000${apply ? 'Apply' : 'Update'}`;

/** Records an update by `manager`: it owns what changed between `before` and `after`. */
export function recordUpdate(owners: FieldOwners, manager: string, before: unknown, after: unknown): void {
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  const changed = [...now].filter(([k, v]) => !old.has(k) || !jsonEqual(old.get(k), v)).map(([k]) => k);
  const gone = [...old.keys()].filter((k) => !now.has(k));
  for (const entry of owners.values()) for (const k of [...changed, ...gone]) entry.fields.delete(k);
  if (changed.length > 0) {
    const key = ownerKey(manager, false);
    const entry = owners.get(key) ?? { manager, apply: false, fields: new Set<string>() };
    for (const k of changed) entry.fields.add(k);
    owners.set(key, entry);
  }
  prune(owners);
}

export interface Conflict {
  manager: string;
  path: string;
}

/** The result of an apply: the merged object, or the conflicts that stop it. */
export type ApplyOutcome = { object: JsonObject; owners: FieldOwners } | { conflicts: Conflict[] };

/** Applies `config` as `manager` to `live` (undefined when the apply creates). Does not change `owners`. */
export function applyFields(
  owners: FieldOwners,
  manager: string,
  live: JsonObject | undefined,
  config: JsonObject,
  force: boolean,
): ApplyOutcome {
  const next: FieldOwners = new Map([...owners].map(([k, e]) => [k, { ...e, fields: new Set(e.fields) }]));
  const wanted = fieldsOf(config);
  const current = fieldsOf(live);
  const conflicts: Conflict[] = [];
  for (const [path, value] of wanted) {
    for (const entry of next.values()) {
      if (entry.manager === manager || !entry.fields.has(path)) continue;
      if (jsonEqual(current.get(path), value)) continue;
      if (force) entry.fields.delete(path);
      else conflicts.push({ manager: entry.manager, path: describePath(path) });
    }
  }
  if (conflicts.length > 0) return { conflicts };
  const mine = next.get(ownerKey(manager, true));
  let object = structuredClone(live ?? {}) as JsonObject;
  for (const path of mine?.fields ?? []) {
    const ownedElsewhere = [...next.values()].some((e) => e !== mine && e.fields.has(path));
    if (!wanted.has(path) && !ownedElsewhere) object = removePath(object, JSON.parse(path) as string[]);
  }
  next.set(ownerKey(manager, true), { manager, apply: true, fields: new Set(wanted.keys()) });
  prune(next);
  return { object: mergeApplied(object, config) as JsonObject, owners: next };
}

/** Objects merge; lists and scalars replace (atomic). */
function mergeApplied(live: unknown, config: unknown): unknown {
  if (!isObject(live) || !isObject(config)) return structuredClone(config);
  const out: JsonObject = { ...live };
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    out[key] = mergeApplied(live[key], value) as Json;
  }
  return out;
}

function removePath(obj: JsonObject, path: string[]): JsonObject {
  const [head, ...rest] = path;
  if (head === undefined || !(head in obj)) return obj;
  const out = { ...obj };
  if (rest.length === 0) delete out[head];
  else if (isObject(out[head])) {
    const child = removePath(out[head] as JsonObject, rest);
    if (Object.keys(child).length === 0) delete out[head];
    else out[head] = child;
  }
  return out;
}

function prune(owners: FieldOwners): void {
  for (const [key, entry] of owners) if (entry.fields.size === 0 && !entry.apply) owners.delete(key);
}
