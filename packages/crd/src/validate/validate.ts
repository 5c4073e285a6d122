/**
 * `toInstance(Class, plain)` and `validate(obj, Class)`: the same classes that generate the
 * CRD check objects in code. `toInstance` applies the schema's defaults (as the API
 * server does) and builds class instances with class-transformer; `validate` then runs
 * class-validator and evaluates the CEL rules, returning every issue with the field path
 * the API server would name. The schema checks class-validator's decorators do not make
 * (list uniqueness, int-or-string and Quantity, integer formats, embedded resources, string
 * formats as Go checks them) come from schema-checks.ts; with `{ old }`, transition rules
 * run and unchanged fields are forgiven (ratchet.ts), as on an UPDATE. An object beyond the bounds of bounds.ts (depth, size) is one
 * issue, never a throw.
 * @module
 */
import { instanceToPlain, plainToInstance } from 'class-transformer';
import { validate as classValidate, type ValidatorOptions } from 'class-validator';
import { OPERANT_CONSTRAINT_PREFIX } from '../metadata/keys.js';
import type { AnyClass } from '../metadata/types.js';
import { converters } from '../schema/converters.js';
import { boundsIssue } from './bounds.js';
import { evaluateRules, type SkippedRule } from './cel.js';
import { applyDefaults } from './defaults.js';
import { issuesFrom, type ValidationIssue } from './issues.js';
import { isRatcheted, unchangedPaths } from './ratchet.js';
import { schemaChecks } from './schema-checks.js';
import { schemaOf } from './schema-of.js';

// biome-ignore lint/suspicious/noExplicitAny: constructors of any arity
export type Newable<T> = new (...args: any[]) => T;

/** A copy of `plain` with the schema's defaults applied, as the API server applies them on create and update. */
export function withDefaults(type: AnyClass, plain: unknown): unknown {
  const copy = structuredClone(plain);
  applyDefaults(copy, schemaOf(type));
  return copy;
}

/** A class instance of `plain` (a JSON object), with the schema's defaults applied. */
export function toInstance<T extends object>(type: Newable<T>, plain: unknown): T {
  return plainToInstance(type, withDefaults(type, plain) as object) as T;
}

export interface ValidateOptions {
  /** Passed to class-validator (`whitelist`, `forbidNonWhitelisted`, …). */
  validator?: ValidatorOptions;
  /**
   * The object as stored before this update (a plain object or an instance): transition
   * rules (`oldSelf`) run against it, as the API server runs them on UPDATE. Without it
   * the object is checked as on CREATE.
   */
  old?: unknown;
  /** Called for CEL rules `validate()` cannot evaluate (transition rules without `old`, Kubernetes CEL libraries). */
  onSkippedRule?: (rule: SkippedRule) => void;
}

/**
 * class-validator constraints whose schema form is a `format` the API server checks with
 * Go's rules: where schema-checks.ts checked that format, its verdict replaces theirs.
 */
const formatConstraints = new Set([
  'isEmail',
  'isUrl',
  'isUuid',
  'isRFC3339',
  'isDateString',
  'isIso8601',
  'isIp',
  'isFqdn',
  'isMacAddress',
  'isMongoId',
  'isBase64',
]);

/**
 * Every issue of `obj` (a plain object or an instance) against `type`; empty when valid.
 * An object nested too deep or too large for the checks (see bounds.ts) is one issue naming
 * the field and the limit: `validate()` answers, it does not throw.
 */
export async function validate(
  obj: unknown,
  type: Newable<object>,
  options: ValidateOptions = {},
): Promise<ValidationIssue[]> {
  const tooBig = boundsIssue(obj, schemaOf(type));
  if (tooBig !== undefined) return [tooBig];
  const schema = schemaOf(type);
  const plain = withDefaults(type, obj instanceof type ? instanceToPlain(obj) : obj);
  const instance = plainToInstance(type, plain as object);
  const errors = await classValidate(instance, { forbidUnknownValues: true, ...options.validator });
  // an old object beyond the bounds (never from a real API server) is not correlated
  const update = options.old !== undefined && options.old !== null && boundsIssue(options.old, schema) === undefined;
  const old = update
    ? withDefaults(type, options.old instanceof type ? instanceToPlain(options.old) : options.old)
    : undefined;
  const cel = evaluateRules(plain, schema, '', undefined, { update, old });
  for (const skipped of cel.skipped) options.onSkippedRule?.(skipped);
  const checked = schemaChecks(plain, schema);
  // under a node of the wrong type the server reports only the type (class-validator's
  // @ValidateNested() checks each element of an array where an object belongs)
  const mistyped = checked.issues.filter((i) => i.constraint === 'type').map((i) => i.path);
  const underShape = (path: string) => mistyped.some((p) => path.startsWith(`${p}[`) || path.startsWith(`${p}.`));
  const goFormat = (i: ValidationIssue) => formatConstraints.has(i.constraint) && checked.formatPaths.has(i.path);
  const classIssues = issuesFrom(errors).filter((i) => !underShape(i.path) && !goFormat(i));
  // a keyword class-validator checked (or refused a value above) is reported once, in its words
  const checkedByClass = (path: string) =>
    classIssues.some((i) => path === i.path || path.startsWith(`${i.path}[`) || path.startsWith(`${i.path}.`));
  const keywords = checked.keywords.filter((i) => !underShape(i.path) && !checkedByClass(i.path));
  const kept = update ? unchangedPaths(plain, old, schema) : new Set<string>();
  const lists = update && schemaChecks(old, schema).lists.length > 0 ? [] : checked.lists;
  // only what the schema says is ratcheted: custom constraints (no schema form) always apply
  const inSchema = (i: ValidationIssue) =>
    i.constraint in converters || i.constraint.startsWith(OPERANT_CONSTRAINT_PREFIX);
  const issues = [
    ...[...checked.issues, ...keywords].filter((i) => !isRatcheted(i.path, kept)),
    ...classIssues.filter((i) => !inSchema(i) || !isRatcheted(i.path, kept)),
    ...lists,
    ...checked.embedded,
  ];
  const flagged = new Set(issues.map((i) => i.path));
  return [...issues, ...cel.issues.filter((i) => i.constraint !== 'required' || !flagged.has(i.path))];
}
