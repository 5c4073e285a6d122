/**
 * Canonical output: object keys sorted at every level (stable diffs, like controller-gen),
 * arrays in their meaningful order, and no default-valued noise (`nullable: false`,
 * `required: []`, `properties: {}`), which tools such as Argo CD would report as drift.
 * @module
 */
export function canonical<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => canonical(v)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    if (key === 'nullable' && v === false) continue;
    if ((key === 'required' || key === 'properties') && isEmpty(v)) continue;
    out[key] = canonical(v);
  }
  return out as T;
}

const isEmpty = (v: unknown): boolean =>
  (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && Object.keys(v).length === 0);
