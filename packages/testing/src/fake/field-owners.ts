/**
 * The fake client's subset of server-side apply: who owns which field, conflicts, and the
 * removal of fields an applier stops sending. A field is a leaf of the object: a scalar, an
 * empty object, or a whole list, except in keyed lists — of built-in kinds (containers by
 * name, …: the keys of `strategic.ts`) and `@ListType('map')` lists of custom resources —
 * whose items are walked into as `k:{"name":"a"}`; an atomic struct (a built-in kind's label
 * selector) is one field, replaced whole. `apiVersion`, `kind` and the server-set parts
 * of `metadata` are nobody's.
 *
 * - An apply by manager M owns every field it sends. A field another manager owns with a
 *   different value is a conflict (the whole apply fails) unless `force`, which moves the
 *   field to M. Fields M applied before and omits now are removed, unless someone else owns them.
 * - A create, update or patch by manager U owns the fields it changed, taking them from others.
 *
 * Ownership is kept beside the object; `managedFieldsOf` renders it as the API server's
 * `metadata.managedFields` (a FieldsV1 tree per manager and operation), which the fake hands
 * out in apply answers and, for the managers an informer keeps (`keepManagedFields`), on the
 * stored objects.
 * @module
 */
import { isObject, type Json, type JsonObject, jsonEqual } from './json.js';
import type { FieldShape, ListKeys } from './kinds.js';

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

/** The segment of a keyed list's item: `k:{"name":"a"}`, as in managedFields. */
const itemSegment = (keys: readonly string[], item: JsonObject) =>
  `k:${JSON.stringify(Object.fromEntries(keys.map((k) => [k, item[k]])))}`;

const sameItem = (keys: readonly string[], a: Json, b: Json) =>
  isObject(a) && isObject(b) && keys.every((k) => jsonEqual(a[k], b[k]));

/** The keys of `value` when it is a keyed list of the kind (at `path`, item segments left out). */
function keysOfList(value: unknown, path: string[], listKeys: ListKeys): readonly string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const keys = listKeys(path.filter((segment) => !segment.startsWith('k:')));
  return keys !== undefined && value.every((item) => isObject(item) && keys.every((k) => item[k] !== undefined))
    ? keys
    : undefined;
}

const noShape: FieldShape = { listKeys: () => undefined, atomic: () => false };

const isAtomic = (shape: FieldShape, path: readonly string[]) =>
  path.length > 0 && shape.atomic(path.filter((segment) => !segment.startsWith('k:')));

/**
 * Every field of `obj`, keyed by its path (JSON of the segments). The items of the kind's
 * keyed lists (`listKeys`) are walked into, one `k:{…}` segment each.
 */
export function fieldsOf(obj: unknown, shape: FieldShape = noShape): Map<string, Json> {
  const out = new Map<string, Json>();
  const walk = (value: unknown, path: string[]) => {
    const keys = keysOfList(value, path, shape.listKeys);
    if (keys !== undefined) {
      for (const item of value as JsonObject[]) walk(item, [...path, itemSegment(keys, item)]);
    } else if (isObject(value) && Object.keys(value).length > 0 && !isAtomic(shape, path)) {
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
  return (JSON.parse(key) as string[]).map((s) => (s.startsWith('k:') ? `[${s.slice(2)}]` : `.${s}`)).join('');
}

const ownerKey = (manager: string, apply: boolean) => `${manager}\u0000${apply ? 'Apply' : 'Update'}`;

/** Records an update by `manager`: it owns what changed between `before` and `after`. */
export function recordUpdate(
  owners: FieldOwners,
  manager: string,
  before: unknown,
  after: unknown,
  shape: FieldShape,
): void {
  const old = fieldsOf(before, shape);
  const now = fieldsOf(after, shape);
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
  shape: FieldShape,
): ApplyOutcome {
  const next: FieldOwners = new Map([...owners].map(([k, e]) => [k, { ...e, fields: new Set(e.fields) }]));
  const wanted = fieldsOf(config, shape);
  const current = fieldsOf(live, shape);
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
    if (!wanted.has(path) && !ownedElsewhere) object = removePath(object, JSON.parse(path) as string[]) as JsonObject;
  }
  next.set(ownerKey(manager, true), { manager, apply: true, fields: new Set(wanted.keys()) });
  prune(next);
  return { object: mergeApplied(object, config, [], shape) as JsonObject, owners: next };
}

/** Objects merge; keyed lists merge by key (stored items first, new ones after); atomic structs, other lists and scalars replace. */
function mergeApplied(live: unknown, config: unknown, path: string[], shape: FieldShape): unknown {
  const keys = keysOfList(config, path, shape.listKeys);
  if (keys !== undefined && Array.isArray(live) && keysOfList(live, path, shape.listKeys) !== undefined) {
    const items = config as Json[];
    const out = live.map((item) => {
      const applied = items.find((c) => sameItem(keys, c, item));
      return applied === undefined ? item : (mergeApplied(item, applied, path, shape) as Json);
    });
    return [...out, ...items.filter((c) => !out.some((item) => sameItem(keys, c, item)))];
  }
  if (!isObject(live) || !isObject(config) || isAtomic(shape, path)) return structuredClone(config);
  const out: JsonObject = { ...live };
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    out[key] = mergeApplied(live[key], value, [...path, key], shape) as Json;
  }
  return out;
}

/** Removes the field at `path`; a `k:{…}` segment names a list item, which goes with its key field. */
function removePath(obj: Json, path: string[]): Json {
  const [head, ...rest] = path;
  if (head === undefined) return obj;
  if (head.startsWith('k:') && Array.isArray(obj)) {
    const item = JSON.parse(head.slice(2)) as JsonObject;
    const keys = Object.keys(item);
    const at = obj.findIndex((o) => sameItem(keys, o, item));
    if (at < 0) return obj;
    const out = [...obj];
    // an item goes with its key fields
    if (rest.length === 1 && keys.includes(rest[0] as string)) out.splice(at, 1);
    else out[at] = removePath(out[at] as Json, rest);
    return out;
  }
  if (!isObject(obj) || !(head in obj)) return obj;
  const out = { ...obj };
  if (rest.length === 0) delete out[head];
  else {
    const child = removePath(out[head] as Json, rest);
    const empty = (isObject(child) && Object.keys(child).length === 0) || (Array.isArray(child) && child.length === 0);
    if (empty) delete out[head];
    else out[head] = child;
  }
  return out;
}

function prune(owners: FieldOwners): void {
  for (const [key, entry] of owners) if (entry.fields.size === 0 && !entry.apply) owners.delete(key);
}

/** A `metadata.managedFields` entry, as the API server writes it. */
export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time: string;
  fieldsType: 'FieldsV1';
  fieldsV1: JsonObject;
}

/** The FieldsV1 tree of field paths: `f:<name>` per map key, `k:{…}` list items marked owned (`.`). */
function fieldsV1(paths: Iterable<string>): JsonObject {
  const root: JsonObject = {};
  for (const key of paths) {
    let node = root;
    for (const segment of JSON.parse(key) as string[]) {
      const name = segment.startsWith('k:') ? segment : `f:${segment}`;
      if (!isObject(node[name])) node[name] = segment.startsWith('k:') ? { '.': {} } : {};
      node = node[name] as JsonObject;
    }
  }
  return root;
}

/**
 * `owners` as `metadata.managedFields` (all managers, or those `keep` accepts), each entry
 * stamped with `apiVersion` and `time`; managers that own no field are left out.
 */
export function managedFieldsOf(
  owners: FieldOwners,
  apiVersion: string,
  time: string,
  keep: (manager: string, apply: boolean) => boolean = () => true,
): ManagedFieldsEntry[] {
  return [...owners.values()]
    .filter((e) => e.fields.size > 0 && keep(e.manager, e.apply))
    .map((e) => ({
      manager: e.manager,
      operation: e.apply ? 'Apply' : 'Update',
      apiVersion,
      time,
      fieldsType: 'FieldsV1',
      fieldsV1: fieldsV1(e.fields),
    }));
}
