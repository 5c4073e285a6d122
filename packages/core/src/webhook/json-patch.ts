/**
 * The RFC 6902 JSON patch that turns one JSON value into another, for the mutating
 * webhook's response (controller-runtime's `PatchResponseFromRaw`). Objects are compared
 * key by key; arrays of different length or with changed items are replaced whole at
 * their path (always correct, and small for the lists objects hold); keys are
 * escaped per RFC 6901 (`~` → `~0`, `/` → `~1`).
 * @module
 */
import type { JsonPatchOperation } from '../client/patch.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const pointerSegment = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => equal(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && equal(a[k], b[k]));
  }
  return false;
}

function diff(before: unknown, after: unknown, path: string, ops: JsonPatchOperation[]): void {
  if (equal(before, after)) return;
  if (!isObject(before) || !isObject(after)) {
    ops.push({ op: 'replace', path, value: after });
    return;
  }
  for (const key of Object.keys(before)) {
    if (!(key in after) || after[key] === undefined) ops.push({ op: 'remove', path: `${path}/${pointerSegment(key)}` });
  }
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const child = `${path}/${pointerSegment(key)}`;
    if (!(key in before) || before[key] === undefined) ops.push({ op: 'add', path: child, value });
    else diff(before[key], value, child, ops);
  }
}

/** The operations that turn `before` into `after` (both JSON values); empty when equal. */
export function createJsonPatch(before: unknown, after: unknown): JsonPatchOperation[] {
  const ops: JsonPatchOperation[] = [];
  diff(JSON.parse(JSON.stringify(before ?? null)), JSON.parse(JSON.stringify(after ?? null)), '', ops);
  return ops;
}
