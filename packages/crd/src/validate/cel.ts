/**
 * Evaluates a schema's `x-kubernetes-validations` on a plain object with a CEL library
 * (@marcbachmann/cel-js), the way the API server does: `self` is the node's value,
 * integers are CEL ints, and a failed rule is reported at the node's path (plus
 * `fieldPath`). Transition rules (`oldSelf`) run when the old object is given and the
 * node correlates with an old value, as on the server's UPDATE: properties by name, map
 * values by key, items of `x-kubernetes-list-type: map` lists by their keys (never items
 * of other lists). With `optionalOldSelf` they also run without one, `oldSelf` being
 * `optional.none()`. Rules the local evaluator cannot run (Kubernetes CEL libraries) are
 * reported as skipped, not guessed.
 *
 * The same walk reports missing `required` properties: class-validator's
 * `@ValidateNested()` accepts a missing nested object, the API server does not.
 * @module
 */
import { Environment, Optional, parse } from '@marcbachmann/cel-js';
import type { JSONSchemaProps, ValidationRule } from '../apiextensions/types.js';
import { fieldPath, type ValidationIssue } from './issues.js';
import { isObject } from './plain.js';
import { correlatedItem, unchanged } from './ratchet.js';

export interface SkippedRule {
  path: string;
  rule: string;
  reason: string;
}

/** For `optionalOldSelf` rules: `oldSelf` is an optional, so optional types are on. */
const optionalEnv = new Environment({ unlistedVariablesAreDyn: true, enableOptionalTypes: true });
type Program = ReturnType<typeof parse>;
const compiled = new Map<string, Program>();

function compile(rule: ValidationRule): Program {
  const key = `${rule.optionalOldSelf ? '?' : ' '}${rule.rule}`;
  let fn = compiled.get(key);
  if (fn === undefined) {
    fn = rule.optionalOldSelf ? optionalEnv.parse(rule.rule) : parse(rule.rule);
    compiled.set(key, fn);
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

const join = fieldPath;

/** The old value a node correlates with, or absent (`undefined`) where the server has none. */
export interface Correlation {
  /** The old object was given (an UPDATE). */
  update: boolean;
  old: unknown;
}

const usesOldSelf = (rule: string) => /\boldSelf\b/.test(rule);

function activation(rule: ValidationRule, value: unknown, schema: JSONSchemaProps, old: Correlation) {
  const self = celValue(value, schema);
  if (!usesOldSelf(rule.rule)) return { self };
  const oldSelf = old.old === undefined ? undefined : celValue(old.old, schema);
  if (rule.optionalOldSelf) return { self, oldSelf: oldSelf === undefined ? Optional.none() : Optional.of(oldSelf) };
  return oldSelf === undefined ? undefined : { self, oldSelf };
}

function check(
  rule: ValidationRule,
  value: unknown,
  schema: JSONSchemaProps,
  path: string,
  old: Correlation,
  out: CelResult,
): void {
  const context = activation(rule, value, schema, old);
  if (context === undefined) {
    // the server runs a transition rule only on an update whose old object has this node
    if (!old.update)
      out.skipped.push({ path, rule: rule.rule, reason: 'transition rules (oldSelf) need the old object' });
    return;
  }
  let result: unknown;
  try {
    result = compile(rule)(context);
  } catch (err) {
    out.skipped.push({ path, rule: rule.rule, reason: (err as Error).message.split('\n')[0] ?? 'evaluation failed' });
    return;
  }
  // ratcheting: a rule without oldSelf that fails on an unchanged correlated node is forgiven
  const ratcheted = old.update && !usesOldSelf(rule.rule) && unchanged(value, old.old);
  if (result !== true && !ratcheted) {
    const at = rule.fieldPath === undefined ? path : `${path}${rule.fieldPath}`;
    out.issues.push({
      path: at,
      constraint: 'x-kubernetes-validations',
      message: rule.message ?? `failed rule: ${rule.rule}`,
    });
  }
}

const child = (old: Correlation, value: unknown): Correlation => ({ update: old.update, old: value });

export interface CelResult {
  issues: ValidationIssue[];
  skipped: SkippedRule[];
}

export function evaluateRules(
  value: unknown,
  schema: JSONSchemaProps,
  path = '',
  out: CelResult = { issues: [], skipped: [] },
  old: Correlation = { update: false, old: undefined },
): CelResult {
  if (value === undefined || value === null) return out;
  for (const rule of schema['x-kubernetes-validations'] ?? []) check(rule, value, schema, path, old, out);
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items === undefined) return out;
    for (const [i, item] of value.entries()) {
      evaluateRules(item, items, join(path, i), out, child(old, correlatedItem(item, schema, old.old)));
    }
  } else if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const oldRecord = isObject(old.old) ? old.old : {};
    for (const name of schema.required ?? []) {
      // null in a field that is not nullable is no value: the API server drops it, then requires it
      const absent = record[name] === undefined || (record[name] === null && !schema.properties?.[name]?.nullable);
      if (absent && !(old.update && unchanged(value, old.old))) {
        out.issues.push({ path: join(path, name), constraint: 'required', message: `${name} is required` });
      }
    }
    for (const [name, sub] of Object.entries(schema.properties ?? {})) {
      evaluateRules(record[name], sub, join(path, name), out, child(old, oldRecord[name]));
    }
    if (typeof schema.additionalProperties === 'object') {
      for (const [key, item] of Object.entries(record))
        evaluateRules(item, schema.additionalProperties, join(path, key), out, child(old, oldRecord[key]));
    }
  }
  return out;
}
