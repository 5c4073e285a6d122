/**
 * FieldsV1, the API server's record of the fields one field manager owns
 * (`metadata.managedFields[].fieldsV1`), and pruning an object to them. A FieldsV1 set is a
 * tree of keys: `f:name` a field of a map, `k:{"name":"web"}` the element of an associative
 * list with those key fields, `v:"a"` the element of a set with that value, `i:3` the element
 * at an index; `.` marks the node itself as owned. A node with no children but `.` (or none
 * at all, `{}`) is owned whole: a leaf, an atomic map, list or struct.
 *
 * `pruneToFields(live, fields)` keeps of `live` exactly what `fields` names (list elements in
 * the live order): what the manager last applied, as the server holds it now. Comparing that
 * with what the manager wants to apply is java-operator-sdk's server-side-apply matcher.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { jsonEqual } from '../controllerutil/json-equal.js';

/** A FieldsV1 set: every key maps to the set below it (`{}` for a leaf). */
export interface FieldsV1 {
  [key: string]: FieldsV1;
}

interface ManagedFieldsEntry {
  manager?: string;
  operation?: string;
  subresource?: string;
  fieldsType?: string;
  fieldsV1?: FieldsV1;
}

/** The fields `manager` owns by server-side apply of the object itself (not a subresource), or undefined. */
export function appliedFields(obj: KubernetesObject, manager: string): FieldsV1 | undefined {
  const entries = (obj.metadata?.managedFields ?? []) as ManagedFieldsEntry[];
  const entry = entries.find(
    (e) => e.manager === manager && e.operation === 'Apply' && (e.subresource ?? '') === '' && e.fieldsV1 !== undefined,
  );
  return entry?.fieldsV1;
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` reduced to what `fields` names; a node owned whole is kept whole. */
export function pruneToFields(value: unknown, fields: FieldsV1): unknown {
  const keys = Object.keys(fields).filter((k) => k !== '.');
  if (keys.length === 0) return value;
  if (Array.isArray(value)) return pruneList(value, keys, fields);
  if (!isMap(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (!key.startsWith('f:')) continue;
    const name = key.slice(2);
    if (Object.hasOwn(value, name)) {
      Object.defineProperty(out, name, {
        value: pruneToFields(value[name], fields[key] as FieldsV1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return out;
}

/** How one list key selects an element. */
type Selector = (element: unknown, index: number) => boolean;

function selector(key: string): Selector | undefined {
  const body = key.slice(2);
  switch (key.slice(0, 2)) {
    case 'k:': {
      const keyFields = Object.entries(JSON.parse(body) as Record<string, unknown>);
      return (element) => isMap(element) && keyFields.every(([name, v]) => jsonEqual(element[name], v));
    }
    case 'v:': {
      const wanted: unknown = JSON.parse(body);
      return (element) => jsonEqual(element, wanted);
    }
    case 'i:': {
      const at = Number(body);
      return (_, index) => index === at;
    }
    default:
      return undefined;
  }
}

function pruneList(list: readonly unknown[], keys: readonly string[], fields: FieldsV1): unknown[] {
  const selectors = keys.flatMap((key) => {
    const select = selector(key);
    return select === undefined ? [] : [{ select, fields: fields[key] as FieldsV1 }];
  });
  const out: unknown[] = [];
  list.forEach((element, index) => {
    const match = selectors.find((s) => s.select(element, index));
    if (match !== undefined) out.push(pruneToFields(element, match.fields));
  });
  return out;
}
