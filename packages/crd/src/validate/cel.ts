/**
 * Evaluates a schema's `x-kubernetes-validations` on a plain object with a CEL library
 * (@marcbachmann/cel-js), the way the API server does: `self` is the node's value,
 * integers are CEL ints, and a failed rule is reported at the node's path (plus
 * `fieldPath`). Transition rules (`oldSelf`) need the old object and are left to the API
 * server, as are rules using Kubernetes CEL libraries the local evaluator lacks.
 *
 * The same walk reports missing `required` properties: class-validator's
 * `@ValidateNested()` accepts a missing nested object, the API server does not.
 * @module
 */
import { parse } from '@marcbachmann/cel-js';
import type { JSONSchemaProps, ValidationRule } from '../schema/types.js';
import type { ValidationIssue } from './issues.js';

export interface SkippedRule {
  path: string;
  rule: string;
  reason: string;
}

const compiled = new Map<string, ReturnType<typeof parse>>();

function compile(rule: string): ReturnType<typeof parse> {
  let fn = compiled.get(rule);
  if (fn === undefined) {
    fn = parse(rule);
    compiled.set(rule, fn);
  }
  return fn;
}

/** The value as CEL sees it: ints as bigint where the schema says integer. */
function celValue(value: unknown, schema: JSONSchemaProps | undefined): unknown {
  if (schema === undefined) return value;
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    (schema.type === 'integer' || schema['x-kubernetes-int-or-string'])
  ) {
    return BigInt(value);
  }
  if (Array.isArray(value)) return value.map((v) => celValue(v, schema.items));
  if (typeof value === 'object' && value !== null) {
    const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, celValue(v, schema.properties?.[k] ?? extra)]));
  }
  return value;
}

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;

function check(rule: ValidationRule, value: unknown, schema: JSONSchemaProps, path: string, out: CelResult): void {
  if (/\boldSelf\b/.test(rule.rule)) {
    out.skipped.push({ path, rule: rule.rule, reason: 'transition rules (oldSelf) need the old object' });
    return;
  }
  let result: unknown;
  try {
    result = compile(rule.rule)({ self: celValue(value, schema) });
  } catch (err) {
    out.skipped.push({ path, rule: rule.rule, reason: (err as Error).message.split('\n')[0] ?? 'evaluation failed' });
    return;
  }
  if (result !== true) {
    const at = rule.fieldPath === undefined ? path : `${path}${rule.fieldPath}`;
    out.issues.push({
      path: at,
      constraint: 'x-kubernetes-validations',
      message: rule.message ?? `failed rule: ${rule.rule}`,
    });
  }
}

export interface CelResult {
  issues: ValidationIssue[];
  skipped: SkippedRule[];
}

export function evaluateRules(
  value: unknown,
  schema: JSONSchemaProps,
  path = '',
  out: CelResult = { issues: [], skipped: [] },
): CelResult {
  if (value === undefined || value === null) return out;
  for (const rule of schema['x-kubernetes-validations'] ?? []) check(rule, value, schema, path, out);
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items !== undefined) for (const [i, item] of value.entries()) evaluateRules(item, items, join(path, i), out);
  } else if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (record[name] === undefined) {
        out.issues.push({ path: join(path, name), constraint: 'required', message: `${name} is required` });
      }
    }
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      evaluateRules(record[name], child, join(path, name), out);
    }
    if (typeof schema.additionalProperties === 'object') {
      for (const [key, item] of Object.entries(record))
        evaluateRules(item, schema.additionalProperties, join(path, key), out);
    }
  }
  return out;
}
