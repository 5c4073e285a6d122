/**
 * The fields that differ between two versions of an object, as dotted paths
 * (`status.lastUpdated`, `spec.ports.0.port`), leaving out what every write changes by
 * itself (`metadata.resourceVersion`, `metadata.managedFields`, `metadata.generation`).
 * Used to say what a controller changes each time it writes in a hot loop.
 * @module
 */

const IGNORED = new Set(['metadata.resourceVersion', 'metadata.managedFields', 'metadata.generation']);

/** At most `limit` dotted paths whose values differ between `before` and `after`. */
export function changedFields(before: unknown, after: unknown, limit = 20): string[] {
  const out: string[] = [];
  walk(before, after, '', out, limit);
  return out;
}

function walk(a: unknown, b: unknown, path: string, out: string[], limit: number): void {
  if (out.length >= limit || a === b || IGNORED.has(path)) return;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) {
    out.push(path);
    return;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of [...keys].sort()) {
    walk(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      path ? `${path}.${key}` : key,
      out,
      limit,
    );
  }
}

const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null;
