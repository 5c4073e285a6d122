/**
 * The checks of the generated schema that class-validator's decorators do not make, walked
 * on the plain object as the API server walks it: every node's `type` (class-validator
 * checks only decorated values, not map values or `@Field()`s), int-or-string values (an integer or a
 * string, and a string matches `pattern`/`maxLength`/`minLength`: Quantity), the integer
 * ranges of `format: int32`/`int64`, string `format`s as kube-openapi checks them
 * (formats.ts), set and map list uniqueness (list-type.ts), embedded resources
 * (embedded.ts), and the keywords (`enum`, `pattern`, bounds) of every node, which
 * `validate()` keeps where class-validator did not check the node (a `@KubernetesType`
 * field's whole schema).
 *
 * The result keeps the three kinds apart because the API server ratchets them differently
 * on update (ratchet.ts). `formatPaths` names the fields whose format was checked here, so `validate()` can drop
 * class-validator's verdict on them (validator.js's `isEmail`, `isURL`, … differ from Go's).
 * @module
 */
import re2 from 're2-wasm';
import type { JSONSchemaProps } from '../apiextensions/types.js';
import { embeddedResourceIssues } from './embedded.js';
import { formatChecker } from './formats.js';
import { fieldPath, type ValidationIssue } from './issues.js';
import { listTypeIssues } from './list-type.js';

export interface SchemaCheckResult {
  /** Issues of kube-openapi's schema validation (ratcheted on update). */
  issues: ValidationIssue[];
  /**
   * `enum`, `pattern`, length, range, item and property bounds: also what class-validator's
   * decorators check on class fields, so `validate()` keeps these only where class-validator
   * said nothing (a `@KubernetesType` field, a `@RawSchema`, a map value). Ratcheted on update.
   */
  keywords: ValidationIssue[];
  /** Set and map duplicates (checked on update only when the old object has none). */
  lists: ValidationIssue[];
  /** Embedded resources' apiVersion, kind and metadata (never ratcheted). */
  embedded: ValidationIssue[];
  formatPaths: Set<string>;
}

const patterns = new Map<string, { test(s: string): boolean } | undefined>();

/** The RE2 program of `pattern` (undefined when it does not compile: the CRD would be refused). */
function compiled(pattern: string): { test(s: string): boolean } | undefined {
  if (!patterns.has(pattern)) {
    try {
      patterns.set(pattern, new re2.RE2(pattern, 'u'));
    } catch {
      patterns.set(pattern, undefined);
    }
  }
  return patterns.get(pattern);
}

const runes = (s: string): number => [...s].length;
const INT32 = 2 ** 31;
const INT64 = 2 ** 63;

/** The string checks of an int-or-string node (the server applies them to strings only). */
function intOrStringIssues(value: unknown, schema: JSONSchemaProps, path: string): ValidationIssue[] {
  if (typeof value === 'number' && Number.isInteger(value)) return [];
  if (typeof value !== 'string') {
    const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    return [{ path, constraint: 'type', message: `${path} in body must be of type integer,string: "${type}"` }];
  }
  const issues: ValidationIssue[] = [];
  if (schema.pattern !== undefined && compiled(schema.pattern)?.test(value) === false) {
    issues.push({ path, constraint: 'pattern', message: `${path} in body should match '${schema.pattern}'` });
  }
  if (schema.maxLength !== undefined && runes(value) > schema.maxLength) {
    issues.push({ path, constraint: 'maxLength', message: `${path} may not be more than ${schema.maxLength} bytes` });
  }
  if (schema.minLength !== undefined && runes(value) < schema.minLength) {
    issues.push({
      path,
      constraint: 'minLength',
      message: `${path} should be at least ${schema.minLength} chars long`,
    });
  }
  return issues;
}

function integerIssues(value: number, schema: JSONSchemaProps, path: string): ValidationIssue[] {
  const bound = schema.format === 'int32' ? INT32 : INT64;
  if (value >= -bound && value < bound) return [];
  const format = schema.format === 'int32' ? 'int32' : 'int64';
  return [{ path, constraint: 'format', message: `${path} must be of type integer with format ${format}` }];
}

/** The format issue of a string, or undefined; `checked` says whether a checker ran. */
function formatIssues(value: string, schema: JSONSchemaProps, path: string, out: SchemaCheckResult): void {
  const branches = schema.anyOf?.every((b) => Object.keys(b).length === 1 && b.format !== undefined)
    ? schema.anyOf.map((b) => b.format as string)
    : undefined;
  const formats = schema.format !== undefined ? [schema.format] : (branches ?? []);
  const checkers = formats.map(formatChecker);
  if (checkers.length === 0 || checkers.some((c) => c === undefined)) return;
  out.formatPaths.add(path);
  if (checkers.some((check) => check?.(value))) return;
  const message = `${path} in body must be of type ${formats.join(' or ')}: ${JSON.stringify(value)}`;
  out.issues.push({ path, constraint: 'format', message });
}

/** JSON's name for the type of `value` (`integer` for whole numbers, as Go decodes them). */
function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The type mismatch of a node: class-validator checks only decorated values, not map values or `@Field()`s. */
function typeIssue(value: unknown, schema: JSONSchemaProps, path: string): ValidationIssue | undefined {
  const actual = jsonType(value);
  if (schema.type === undefined || actual === schema.type || (schema.type === 'number' && actual === 'integer')) {
    return undefined;
  }
  return { path, constraint: 'type', message: `${path} in body must be of type ${schema.type}: "${actual}"` };
}

const quoted = (v: unknown) => JSON.stringify(v);
const issue = (path: string, constraint: string, message: string): ValidationIssue => ({
  path,
  constraint,
  message: `${path}: ${message}`,
});

/** kube-openapi's keyword checks of one node, with its messages. */
function keywordIssues(value: unknown, schema: JSONSchemaProps, path: string): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  if (schema.enum !== undefined && !schema.enum.some((e) => sameJson(e, value))) {
    out.push(
      issue(
        path,
        'enum',
        `Unsupported value: ${quoted(value)}: supported values: ${schema.enum.map(quoted).join(', ')}`,
      ),
    );
  }
  if (typeof value === 'string') {
    if (schema.pattern !== undefined && compiled(schema.pattern)?.test(value) === false) {
      out.push(issue(path, 'pattern', `Invalid value: ${quoted(value)}: should match '${schema.pattern}'`));
    }
    if (schema.maxLength !== undefined && runes(value) > schema.maxLength) {
      out.push(issue(path, 'maxLength', `Too long: may not be more than ${schema.maxLength} bytes`));
    }
    if (schema.minLength !== undefined && runes(value) < schema.minLength) {
      out.push(
        issue(path, 'minLength', `Invalid value: ${quoted(value)}: should be at least ${schema.minLength} chars long`),
      );
    }
  }
  if (typeof value === 'number') {
    const { maximum, minimum, multipleOf } = schema;
    if (maximum !== undefined && (schema.exclusiveMaximum ? value >= maximum : value > maximum)) {
      out.push(
        issue(
          path,
          'maximum',
          `Invalid value: ${value}: should be less than ${schema.exclusiveMaximum ? '' : 'or equal to '}${maximum}`,
        ),
      );
    }
    if (minimum !== undefined && (schema.exclusiveMinimum ? value <= minimum : value < minimum)) {
      out.push(
        issue(
          path,
          'minimum',
          `Invalid value: ${value}: should be greater than ${schema.exclusiveMinimum ? '' : 'or equal to '}${minimum}`,
        ),
      );
    }
    if (multipleOf !== undefined && !Number.isInteger(value / multipleOf)) {
      out.push(issue(path, 'multipleOf', `Invalid value: ${value}: should be a multiple of ${multipleOf}`));
    }
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      out.push(issue(path, 'maxItems', `Too many: ${value.length}: must have at most ${schema.maxItems} items`));
    }
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      out.push(
        issue(path, 'minItems', `Invalid value: ${value.length}: should have at least ${schema.minItems} items`),
      );
    }
  } else if (typeof value === 'object' && value !== null) {
    const count = Object.keys(value).length;
    if (schema.maxProperties !== undefined && count > schema.maxProperties) {
      out.push(issue(path, 'maxProperties', `Too many: ${count}: must have at most ${schema.maxProperties} items`));
    }
    if (schema.minProperties !== undefined && count < schema.minProperties) {
      out.push(
        issue(
          path,
          'minProperties',
          `Invalid value: ${count}: should have at least ${schema.minProperties} properties`,
        ),
      );
    }
  }
  return out;
}

const sameJson = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

export function schemaChecks(
  value: unknown,
  schema: JSONSchemaProps,
  path = '',
  out: SchemaCheckResult = { issues: [], keywords: [], lists: [], embedded: [], formatPaths: new Set() },
): SchemaCheckResult {
  if (value === undefined || value === null) return out;
  if (schema['x-kubernetes-int-or-string']) {
    out.issues.push(...intOrStringIssues(value, schema, path));
    return out;
  }
  const mismatch = typeIssue(value, schema, path);
  if (mismatch !== undefined) {
    out.issues.push(mismatch);
    return out;
  }
  out.keywords.push(...keywordIssues(value, schema, path));
  if (typeof value === 'string') formatIssues(value, schema, path, out);
  if (typeof value === 'number' && Number.isInteger(value) && schema.type === 'integer') {
    out.issues.push(...integerIssues(value, schema, path));
  }
  if (Array.isArray(value)) {
    if (schema.type !== 'array') return out;
    out.lists.push(...listTypeIssues(value, schema, path));
    const items = schema.items;
    if (items !== undefined)
      for (const [i, item] of value.entries()) schemaChecks(item, items, fieldPath(path, i), out);
    return out;
  }
  if (typeof value !== 'object' || schema.type !== 'object') return out;
  const record = value as Record<string, unknown>;
  if (schema['x-kubernetes-embedded-resource']) out.embedded.push(...embeddedResourceIssues(record, path));
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    schemaChecks(record[name], child, fieldPath(path, name), out);
  }
  if (typeof schema.additionalProperties === 'object') {
    for (const [key, item] of Object.entries(record)) {
      schemaChecks(item, schema.additionalProperties, fieldPath(path, key), out);
    }
  }
  return out;
}
