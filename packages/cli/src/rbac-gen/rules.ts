/**
 * Grants → the `rules` of a Role, as controller-gen normalises them: verbs are united per
 * (API group, resource, resourceNames); resources with the same group and verbs share a
 * rule, then groups with the same resources and verbs do (each rule still grants exactly
 * its group × resource product). Everything is sorted, so the output is deterministic.
 * @module
 */
import type { Grant } from './grants.js';

/** A `rbac.authorization.k8s.io/v1` PolicyRule, keys in the order they are written. */
export interface PolicyRule {
  apiGroups: string[];
  resourceNames?: string[];
  resources: string[];
  verbs: string[];
}

const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();
const key = (...parts: readonly (readonly string[] | string)[]): string => JSON.stringify(parts);

/** Groups `items` by `keyOf`, keeping the first item's other fields and collecting `collect` of each. */
function mergeBy<T>(items: readonly T[], keyOf: (item: T) => string, collect: (item: T) => readonly string[]) {
  const merged = new Map<string, { first: T; values: string[] }>();
  for (const item of items) {
    const entry = merged.get(keyOf(item)) ?? { first: item, values: [] };
    entry.values.push(...collect(item));
    merged.set(keyOf(item), entry);
  }
  return [...merged.values()].map(({ first, values }) => ({ first, values: sorted(values) }));
}

export function rulesOf(grants: readonly Grant[]): PolicyRule[] {
  const names = (g: { resourceNames?: readonly string[] }) => sorted(g.resourceNames ?? []);
  const byResource = mergeBy(
    grants,
    (g) => key(g.group, g.resource, names(g)),
    (g) => g.verbs,
  ).map(({ first, values }) => ({ ...first, verbs: values.includes('*') ? ['*'] : values }));
  const byGroup = mergeBy(
    byResource,
    (g) => key(g.group, g.verbs, names(g)),
    (g) => [g.resource],
  ).map(({ first, values }) => ({ group: first.group, resources: values, verbs: first.verbs, names: names(first) }));
  const rules = mergeBy(
    byGroup,
    (r) => key(r.resources, r.verbs, r.names),
    (r) => [r.group],
  ).map(
    ({ first, values }): PolicyRule => ({
      apiGroups: values,
      ...(first.names.length > 0 ? { resourceNames: first.names } : {}),
      resources: first.resources,
      verbs: first.verbs,
    }),
  );
  return rules.sort((a, b) => compare(a, b));
}

function compare(a: PolicyRule, b: PolicyRule): number {
  const fields = (r: PolicyRule) => [r.apiGroups, r.resources, r.resourceNames ?? [], r.verbs];
  const [x, y] = [fields(a), fields(b)];
  for (let i = 0; i < x.length; i++) {
    const c = compareLists(x[i]!, y[i]!);
    if (c !== 0) return c;
  }
  return 0;
}

function compareLists(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}
