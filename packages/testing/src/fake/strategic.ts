/**
 * Strategic merge patches of built-in kinds, as far as the fake client goes: objects merge
 * as in a JSON merge patch; lists the API types mark `patchStrategy: merge` merge by their
 * key (containers by `name`, container ports by `containerPort`, …), an item
 * `{ $patch: 'delete', <key>: … }` removes one, and `finalizers` merge as a set. Other lists
 * are replaced whole. Directives such as `$setElementOrder` and `$retainKeys` are not read.
 * @module
 */
import { isObject, type Json, type JsonObject } from './json.js';

/** Merge keys of the lists operators patch, by field name (the same in every built-in type that has them). */
const mergeKeys: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  imagePullSecrets: 'name',
  hostAliases: 'ip',
  conditions: 'type',
  ownerReferences: 'uid',
};

/** Lists of scalars merged as sets (the patch's first, as for keyed lists). */
const setLists = new Set(['finalizers']);

/** The merge key of the list `field` at `path` (a container's `ports` differ from a Service's), if it has one. */
export function listKeyOf(field: string, path: readonly string[]): string | undefined {
  if (field !== 'ports') return mergeKeys[field];
  const inContainer = path.some((p) => p === 'containers' || p.endsWith('Containers'));
  return inContainer ? 'containerPort' : 'port';
}

export function applyStrategicPatch(target: unknown, patch: unknown, path: string[] = []): unknown {
  if (!isObject(patch)) return patch;
  const out: JsonObject = isObject(target) ? { ...target } : {};
  for (const [field, value] of Object.entries(patch)) {
    if (value === null) {
      delete out[field];
      continue;
    }
    const key = listKeyOf(field, path);
    const current = out[field];
    if (Array.isArray(value) && Array.isArray(current) && key !== undefined) {
      out[field] = mergeList(current, value, key, [...path, field]);
    } else if (Array.isArray(value) && Array.isArray(current) && setLists.has(field)) {
      out[field] = [...value, ...current.filter((v) => !value.includes(v))];
    } else out[field] = applyStrategicPatch(current, value, [...path, field]) as Json;
  }
  return out;
}

/** Patch items first (merged with the stored item of the same key), then stored items the patch does not name. */
function mergeList(current: Json[], patch: Json[], key: string, path: string[]): Json[] {
  const keyOf = (item: Json) => (isObject(item) ? item[key] : undefined);
  const named = new Set(patch.map(keyOf));
  const merged: Json[] = [];
  for (const item of patch) {
    if (!isObject(item) || item.$patch === 'delete') continue;
    const stored = current.find((o) => keyOf(o) === item[key]);
    merged.push(applyStrategicPatch(stored, item, path) as Json);
  }
  return [...merged, ...current.filter((o) => !named.has(keyOf(o)))];
}
