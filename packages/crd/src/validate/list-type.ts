/**
 * The uniqueness the API server demands of `x-kubernetes-list-type: set` and `map` lists
 * (apiextensions-apiserver's `listtype.ValidateListSetsAndMaps`): a set's items, and a
 * map's key tuples (`x-kubernetes-list-map-keys`), must not repeat. Each repeated value is
 * reported once, at its second occurrence, with the server's words: `Duplicate value: "a"`
 * for a set, `Duplicate value: {"name":"http"}` for a map (items compared as JSON with
 * sorted keys, as Go marshals maps).
 * @module
 */
import type { JSONSchemaProps } from '../apiextensions/types.js';
import type { ValidationIssue } from './issues.js';
import { isObject } from './plain.js';

/** JSON with object keys sorted: the identity Go's `json.Marshal` gives maps. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The key tuple of a list-map item; absent keys stay absent, as the server compares them. */
function mapKey(item: unknown, keys: readonly string[]): Record<string, unknown> {
  if (!isObject(item)) return {};
  return Object.fromEntries(keys.filter((k) => item[k] !== undefined).map((k) => [k, item[k]]));
}

/** The duplicate issues of `list` at `path`, per the node's list type. */
export function listTypeIssues(list: readonly unknown[], schema: JSONSchemaProps, path: string): ValidationIssue[] {
  const type = schema['x-kubernetes-list-type'];
  if (type !== 'set' && type !== 'map') return [];
  const keys = schema['x-kubernetes-list-map-keys'] ?? [];
  if (type === 'map') {
    const bad = list.findIndex((item) => item !== null && !isObject(item));
    if (bad >= 0) {
      const at = `${path}[${bad}]`;
      return [{ path: at, constraint: 'type', message: `${at} must be an object for an array of list-type map` }];
    }
  }
  const seen = new Map<string, number>();
  const issues: ValidationIssue[] = [];
  for (const [i, item] of list.entries()) {
    const identity = type === 'set' ? item : mapKey(item, keys);
    const json = canonicalJson(identity);
    const times = seen.get(json) ?? 0;
    seen.set(json, times + 1);
    if (times === 1) {
      issues.push({ path: `${path}[${i}]`, constraint: 'duplicate', message: `Duplicate value: ${json}` });
    }
  }
  return issues;
}
