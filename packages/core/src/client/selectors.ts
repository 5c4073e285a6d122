/**
 * Label and field selectors: the string form the API server takes
 * (`app=web,tier in (a,b),!legacy`) and matching against objects, so the cache answers
 * `list(..., { labelSelector })` the way the API server would.
 * @module
 */
import { ClientError } from '../api/status-error.js';

export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

/** A selector string, or `metav1.LabelSelector`'s object form. */
export type LabelSelector =
  | string
  | { matchLabels?: Record<string, string>; matchExpressions?: LabelSelectorRequirement[] };

/** A field selector string (`metadata.name=foo`) or equalities (`{ 'metadata.name': 'foo' }`). */
export type FieldSelector = string | Record<string, string>;

/** The string form of a label selector. */
export function labelSelectorString(selector: LabelSelector): string {
  if (typeof selector === 'string') return selector;
  const parts = Object.entries(selector.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`);
  for (const req of selector.matchExpressions ?? []) {
    const values = `(${[...(req.values ?? [])].sort().join(',')})`;
    if (req.operator === 'In') parts.push(`${req.key} in ${values}`);
    else if (req.operator === 'NotIn') parts.push(`${req.key} notin ${values}`);
    else if (req.operator === 'Exists') parts.push(req.key);
    else parts.push(`!${req.key}`);
  }
  return parts.join(',');
}

/** The string form of a field selector. */
export function fieldSelectorString(selector: FieldSelector): string {
  if (typeof selector === 'string') return selector;
  return Object.entries(selector)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}

type Requirement = { key: string; op: 'in' | 'notin' | 'exists' | '!'; values: string[] };

/** A compiled label selector: `matches(labels)`. An empty selector matches everything. */
export interface LabelMatcher {
  matches(labels: Readonly<Record<string, string>> | undefined): boolean;
}

/** Compiles a label selector; throws `invalidArgument` on syntax the API server would reject. */
export function compileLabelSelector(selector: LabelSelector): LabelMatcher {
  const reqs = parseRequirements(labelSelectorString(selector));
  return {
    matches: (labels) =>
      reqs.every((r) => {
        const has = labels !== undefined && Object.hasOwn(labels, r.key);
        const value = has ? labels[r.key] : undefined;
        switch (r.op) {
          case 'exists':
            return has;
          case '!':
            return !has;
          case 'in':
            return has && r.values.includes(value as string);
          default:
            return !has || !r.values.includes(value as string);
        }
      }),
  };
}

function parseRequirements(text: string): Requirement[] {
  const reqs: Requirement[] = [];
  for (const part of splitTopLevel(text)) {
    const s = part.trim();
    if (s === '') continue;
    let m = /^([\w./-]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(s);
    if (m) {
      const values = (m[3] as string)
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '');
      reqs.push({ key: m[1] as string, op: m[2] as 'in' | 'notin', values });
      continue;
    }
    m = /^([\w./-]+)\s*(==|=|!=)\s*([\w./-]*)$/.exec(s);
    if (m) {
      reqs.push({ key: m[1] as string, op: m[2] === '!=' ? 'notin' : 'in', values: [m[3] as string] });
      continue;
    }
    m = /^(!?)\s*([\w./-]+)$/.exec(s);
    if (m) {
      reqs.push({ key: m[2] as string, op: m[1] === '!' ? '!' : 'exists', values: [] });
      continue;
    }
    throw new ClientError('invalidArgument', `unable to parse label selector "${text}" at "${s}"`);
  }
  return reqs;
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** A compiled field selector of equalities and inequalities over dotted paths (`spec.nodeName!=x`). */
export interface FieldMatcher {
  matches(obj: unknown): boolean;
}

export function compileFieldSelector(selector: FieldSelector): FieldMatcher {
  const terms = fieldSelectorString(selector)
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map((t) => {
      const m = /^([^=!]+)(==|=|!=)(.*)$/.exec(t);
      if (!m) throw new ClientError('invalidArgument', `unable to parse field selector term "${t}"`);
      return { path: (m[1] as string).trim().split('.'), negate: m[2] === '!=', value: (m[3] as string).trim() };
    });
  return {
    matches: (obj) =>
      terms.every((t) => {
        const actual = fieldValue(obj, t.path);
        return (actual === t.value) !== t.negate;
      }),
  };
}

/** The string value at a dotted path (missing = `''`, as the API server treats it). */
export function fieldValue(obj: unknown, path: readonly string[]): string {
  let cur: unknown = obj;
  for (const segment of path) {
    if (cur === null || typeof cur !== 'object') return '';
    cur = (cur as Record<string, unknown>)[segment];
  }
  return cur === undefined || cur === null ? '' : String(cur);
}
