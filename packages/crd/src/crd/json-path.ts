/**
 * The JSONPaths of `@PrintColumn` (kubectl's / client-go's JSONPath, as the API server
 * evaluates them for tables) resolved against a version's schema: field steps (`.a`,
 * `['a']`), array steps (`[0]`, `[*]`, `[1:3]`, filters `[?(@.type=="Ready")]`) and map
 * steps (`[*]`, `.key` under `additionalProperties`). A path that leaves the schema is
 * reported with its first undeclared step; steps under `x-kubernetes-preserve-unknown-fields`,
 * an embedded resource or a recursive descent (`..a`) cannot be checked and are accepted.
 * @module
 */
import type { JSONSchemaProps } from '../apiextensions/types.js';

type Step = { field: string } | { index: string };

export type PathResolution =
  | { found: JSONSchemaProps }
  /** The schema cannot say (preserve-unknown-fields, embedded resource, `..`). */
  | { unchecked: true }
  /** The path up to and including the first step the schema does not declare. */
  | { missing: string }
  | { invalid: string };

/** The index of the `]` closing the bracket at `open`, skipping quoted strings and `(...)`. */
function closing(path: string, open: number): number {
  let depth = 0;
  for (let i = open + 1; i < path.length; i++) {
    const c = path[i];
    if (c === '"' || c === "'") {
      const end = path.indexOf(c, i + 1);
      if (end < 0) return -1;
      i = end;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ']' && depth === 0) return i;
  }
  return -1;
}

function parse(path: string): Step[] | { invalid: string } | 'descent' {
  if (!path.startsWith('.')) return { invalid: 'must start with "."' };
  const steps: Step[] = [];
  let i = 0;
  while (i < path.length) {
    if (path.startsWith('..', i)) return 'descent';
    if (path[i] === '.') {
      const name = /^[^.[\]]*/.exec(path.slice(i + 1))?.[0] ?? '';
      if (name === '' && i + 1 < path.length) return { invalid: `empty step at ${path.slice(0, i + 1)}` };
      if (name !== '') steps.push(name === '*' ? { index: '*' } : { field: name });
      i += 1 + name.length;
    } else if (path[i] === '[') {
      const end = closing(path, i);
      if (end < 0) return { invalid: `unclosed "[" at ${path.slice(0, i + 1)}` };
      const inner = path.slice(i + 1, end).trim();
      const quoted = /^(['"])(.*)\1$/.exec(inner);
      if (inner === '') return { invalid: `empty brackets at ${path.slice(0, end + 1)}` };
      steps.push(quoted ? { field: quoted[2]! } : { index: inner });
      i = end + 1;
    } else {
      return { invalid: `unexpected "${path[i]}" at ${path.slice(0, i + 1)}` };
    }
  }
  return steps;
}

const isOpen = (node: JSONSchemaProps) =>
  node['x-kubernetes-preserve-unknown-fields'] === true || node['x-kubernetes-embedded-resource'] === true;

/** Resolves `path` (a JSONPath starting with `.`) against `schema`. */
export function resolveJsonPath(schema: JSONSchemaProps, path: string): PathResolution {
  const steps = parse(path);
  if (steps === 'descent') return { unchecked: true };
  if (!Array.isArray(steps)) return steps;
  let node = schema;
  let at = '';
  for (const step of steps) {
    at += 'field' in step ? `.${step.field}` : `[${step.index}]`;
    let next: JSONSchemaProps | boolean | undefined;
    if ('field' in step) next = node.properties?.[step.field] ?? node.additionalProperties;
    else if (node.type === 'array') next = node.items;
    else if (step.index === '*') next = node.additionalProperties;
    if (typeof next === 'object') node = next;
    else if (isOpen(node)) return { unchecked: true };
    else return { missing: at };
  }
  return { found: node };
}

/** The schema node at a path, if it is declared. */
export function nodeAt(schema: JSONSchemaProps, path: string): JSONSchemaProps | undefined {
  const resolved = resolveJsonPath(schema, path);
  return 'found' in resolved ? resolved.found : undefined;
}
