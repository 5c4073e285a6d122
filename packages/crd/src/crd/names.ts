/**
 * CRD naming rules (apiextensions validation): the group is a DNS subdomain with a dot,
 * plural/singular/short names/categories are lowercase DNS-1035 labels, `kind` and
 * `listKind` differ; and the default plural, singular and list kind.
 * @module
 */

import type { CustomResourceDefinitionNames } from '../apiextensions/types.js';
import type { CustomResourceOptions } from '../metadata/types.js';

const dns1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const dns1123Subdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const kindPattern = /^[A-Za-z]([A-Za-z0-9]*)$/;

/** English plural of a lowercase kind, covering the cases kubebuilder's flect gets right most often. */
export function pluralize(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

export function resourceNames(options: CustomResourceOptions): CustomResourceDefinitionNames {
  const singular = options.singular ?? options.kind.toLowerCase();
  const names: CustomResourceDefinitionNames = {
    kind: options.kind,
    listKind: options.listKind ?? `${options.kind}List`,
    plural: options.plural ?? pluralize(singular),
    singular,
  };
  if (options.shortNames?.length) names.shortNames = [...options.shortNames];
  if (options.categories?.length) names.categories = [...options.categories];
  return names;
}

/** Every naming problem of a CRD, as messages naming the field. */
export function nameProblems(group: string, names: CustomResourceDefinitionNames): string[] {
  const problems: string[] = [];
  if (!group.includes('.') || !dns1123Subdomain.test(group) || group.length > 253) {
    problems.push(`group "${group}" must be a lowercase DNS subdomain with at least one dot`);
  }
  const labels: [string, readonly string[]][] = [
    ['plural', [names.plural]],
    ['singular', [names.singular]],
    ['shortNames', names.shortNames ?? []],
    ['categories', names.categories ?? []],
  ];
  for (const [field, values] of labels) {
    for (const value of values) {
      if (!dns1035.test(value) || value.length > 63)
        problems.push(`${field} "${value}" must be a lowercase DNS-1035 label`);
    }
  }
  for (const field of ['kind', 'listKind'] as const) {
    if (!kindPattern.test(names[field]))
      problems.push(`${field} "${names[field]}" must be alphanumeric, starting with a letter`);
  }
  if (names.kind === names.listKind) problems.push(`kind and listKind must differ ("${names.kind}")`);
  return problems;
}

/** Kubernetes version priority: GA > beta > alpha, higher numbers first, others last by name. */
export function compareVersions(a: string, b: string): number {
  const rank = (v: string): [number, number, number, string] => {
    const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
    if (m === null) return [3, 0, 0, v];
    const stability = m[2] === undefined ? 0 : m[2] === 'beta' ? 1 : 2;
    return [stability, -Number(m[1]), -Number(m[3] ?? 0), v];
  };
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x[3].localeCompare(y[3]);
}
