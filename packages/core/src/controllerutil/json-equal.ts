/**
 * Equality of Kubernetes objects as the API server sees them: JSON values compared by
 * content, ignoring prototypes (objects may come from JSON.parse, structuredClone, model
 * classes or another realm) and treating an undefined property like a missing one.
 * @module
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date || b instanceof Date) {
    const time = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
    return time(a) === time(b);
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => jsonEqual(v, other[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const key of keys) if (!jsonEqual(ao[key], bo[key])) return false;
  return true;
}
