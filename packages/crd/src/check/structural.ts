/**
 * A port of the API server's structural-schema rules (apiextensions.k8s.io/v1), run on
 * every generated schema and on every `@RawSchema`, so a bad schema fails at generation
 * time, not at `kubectl apply`. It reports all problems at once. The real API server
 * stays the authority: the integration tests apply every generated CRD to one.
 * @module
 */
import { parse } from '@marcbachmann/cel-js';
import type { JSONSchemaProps } from '../apiextensions/types.js';
import { re2Problem } from '../schema/patterns.js';
import { formatProblem } from './formats.js';
import { valueProblems } from './values.js';

export interface StructuralReport {
  errors: string[];
  warnings: string[];
}

const allowedKeys = new Set([
  'type',
  'format',
  'title',
  'description',
  'default',
  'example',
  'externalDocs',
  'enum',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'multipleOf',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'maxProperties',
  'minProperties',
  'required',
  'items',
  'properties',
  'additionalProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'nullable',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-int-or-string',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-validations',
  'uniqueItems',
]);
const types = new Set(['object', 'array', 'string', 'integer', 'number', 'boolean']);
const scalars = new Set(['string', 'integer', 'number', 'boolean']);
const junctors = ['allOf', 'anyOf', 'oneOf'] as const;
const forbiddenInJunctors = ['type', 'default', 'title', 'description', 'additionalProperties'];
const ruleReasons = new Set(['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate']);

const isIntOrStringAnyOf = (s: JSONSchemaProps) =>
  s.anyOf?.length === 2 && s.anyOf[0]?.type === 'integer' && s.anyOf[1]?.type === 'string';

class Checker {
  readonly report: StructuralReport = { errors: [], warnings: [] };

  error(path: string, message: string): void {
    this.report.errors.push(`${path}: ${message}`);
  }

  node(s: JSONSchemaProps, path: string): void {
    this.keywords(s, path);
    const preserve = s['x-kubernetes-preserve-unknown-fields'] === true;
    const intOrString = s['x-kubernetes-int-or-string'] === true;
    if (s.type === undefined && !preserve && !intOrString) this.error(path, 'must have a "type"');
    if (s.type !== undefined && !types.has(s.type)) this.error(path, `type "${String(s.type)}" is not allowed`);
    if (s.type === 'array' && (typeof s.items !== 'object' || Array.isArray(s.items))) {
      this.error(path, 'an array must have "items" with one schema');
    }
    if (s.properties !== undefined && Object.keys(s.properties).length > 0 && s.additionalProperties !== undefined) {
      this.error(path, '"additionalProperties" and "properties" are mutually exclusive');
    }
    if (
      (s.properties !== undefined || s.additionalProperties !== undefined) &&
      s.type !== 'object' &&
      s.type !== undefined
    ) {
      this.error(path, `"properties" need type "object", found "${s.type}"`);
    }
    if (intOrString) {
      if (preserve || s['x-kubernetes-embedded-resource']) {
        this.error(path, 'x-kubernetes-int-or-string excludes preserve-unknown-fields and embedded-resource');
      }
      if (s.type !== undefined) this.error(path, 'an int-or-string node must not have a "type"');
    }
    if (s['x-kubernetes-embedded-resource'] === true && s.type !== 'object') {
      this.error(path, 'an embedded resource must be type "object"');
    }
    this.topology(s, path);
    this.values(s, path);
    for (const [name, child] of Object.entries(s.properties ?? {})) this.node(child, `${path}.${name}`);
    if (typeof s.items === 'object' && !Array.isArray(s.items)) this.node(s.items, `${path}[*]`);
    if (typeof s.additionalProperties === 'object') this.node(s.additionalProperties, `${path}{*}`);
    for (const j of junctors) {
      if (j === 'anyOf' && intOrString && isIntOrStringAnyOf(s)) continue;
      for (const [i, sub] of (s[j] ?? []).entries()) this.junctor(sub, s, `${path}.${j}[${i}]`);
    }
    if (s.not !== undefined) this.junctor(s.not, s, `${path}.not`);
  }

  keywords(s: JSONSchemaProps, path: string): void {
    for (const key of Object.keys(s))
      if (!allowedKeys.has(key)) this.error(path, `"${key}" is not allowed in a CRD schema`);
    if (s.uniqueItems === true) this.error(path, '"uniqueItems" is forbidden; use x-kubernetes-list-type: set');
    for (const ext of [
      'x-kubernetes-preserve-unknown-fields',
      'x-kubernetes-embedded-resource',
      'x-kubernetes-int-or-string',
    ] as const) {
      if (s[ext] !== undefined && s[ext] !== true) this.error(path, `${ext} must be true or absent`);
    }
    for (const [flag, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (s[flag] !== undefined && typeof s[flag] !== 'boolean') this.error(path, `"${flag}" must be a boolean`);
      if (s[flag] === true && s[bound] === undefined) this.error(path, `"${flag}" needs "${bound}"`);
    }
    if (s.nullable === false) this.report.warnings.push(`${path}: "nullable: false" is the default; omit it`);
  }

  topology(s: JSONSchemaProps, path: string): void {
    const listType = s['x-kubernetes-list-type'];
    const keys = s['x-kubernetes-list-map-keys'];
    if (listType !== undefined && s.type !== 'array') this.error(path, 'x-kubernetes-list-type needs type "array"');
    if (keys !== undefined && listType !== 'map') this.error(path, 'x-kubernetes-list-map-keys needs list-type "map"');
    if (s['x-kubernetes-map-type'] !== undefined && s.type !== 'object') {
      this.error(path, 'x-kubernetes-map-type needs type "object"');
    }
    const items = typeof s.items === 'object' && !Array.isArray(s.items) ? s.items : undefined;
    if (listType === 'map') {
      if (keys === undefined || keys.length === 0) this.error(path, 'list-type "map" needs x-kubernetes-list-map-keys');
      if (items?.type !== 'object') this.error(path, 'list-type "map" needs object items');
      for (const key of keys ?? []) {
        const prop = items?.properties?.[key];
        if (prop === undefined) this.error(path, `list-map key "${key}" is not a property of the items`);
        else if (!scalars.has(prop.type ?? '')) this.error(path, `list-map key "${key}" must be a scalar`);
        else if (!items?.required?.includes(key) && prop.default === undefined) {
          this.error(path, `list-map key "${key}" must be required or have a default`);
        }
        if (prop?.nullable) this.error(path, `list-map key "${key}" must not be nullable`);
      }
    }
    if ((listType === 'set' || listType === 'map') && items?.nullable) {
      this.error(path, `items of a list-type "${listType}" must not be nullable`);
    }
    if (
      listType === 'set' &&
      items !== undefined &&
      !scalars.has(items.type ?? '') &&
      !items['x-kubernetes-int-or-string']
    ) {
      this.report.warnings.push(
        `${path}: a list-type "set" of non-scalars is not supported by server-side apply and CEL`,
      );
    }
  }

  values(s: JSONSchemaProps, path: string): void {
    if (s.pattern !== undefined) {
      const problem = re2Problem(s.pattern);
      if (problem !== undefined)
        this.error(path, `pattern ${JSON.stringify(s.pattern)} is not valid Go RE2: ${problem}`);
    }
    if (s.format !== undefined) {
      const problem = formatProblem(s.format, s.type);
      if (problem !== undefined) this.report.warnings.push(`${path}: ${problem}`);
    }
    if (s.default !== undefined) {
      for (const problem of valueProblems(s.default, s, 'default')) this.error(path, problem);
    }
    for (const [i, rule] of (s['x-kubernetes-validations'] ?? []).entries()) {
      const at = `${path}.x-kubernetes-validations[${i}]`;
      if (typeof rule.rule !== 'string' || rule.rule.trim() === '') this.error(at, '"rule" must be a non-empty string');
      else {
        try {
          parse(rule.rule);
        } catch (err) {
          this.error(at, `rule ${JSON.stringify(rule.rule)} does not parse: ${(err as Error).message.split('\n')[0]}`);
        }
      }
      if (rule.reason !== undefined && !ruleReasons.has(rule.reason)) this.error(at, `unknown reason "${rule.reason}"`);
      if (rule.message !== undefined && /[\r\n]/.test(rule.message)) this.error(at, '"message" must be one line');
    }
  }

  junctor(sub: JSONSchemaProps, structural: JSONSchemaProps, path: string): void {
    this.keywords(sub, path);
    for (const key of Object.keys(sub)) {
      if (
        forbiddenInJunctors.includes(key) ||
        key.startsWith('x-kubernetes-') ||
        (key === 'nullable' && sub.nullable)
      ) {
        this.error(path, `"${key}" is not allowed inside allOf/anyOf/oneOf/not`);
      }
    }
    for (const [name, child] of Object.entries(sub.properties ?? {})) {
      const twin = structural.properties?.[name];
      if (twin === undefined) this.error(path, `property "${name}" must also be declared outside the junctor`);
      else this.junctor(child, twin, `${path}.properties.${name}`);
    }
    if (sub.items !== undefined) {
      if (structural.items === undefined) this.error(path, '"items" must also be declared outside the junctor');
      else this.junctor(sub.items, structural.items, `${path}.items`);
    }
    for (const j of junctors) {
      for (const [i, s] of (sub[j] ?? []).entries()) this.junctor(s, structural, `${path}.${j}[${i}]`);
    }
    if (sub.not !== undefined) this.junctor(sub.not, structural, `${path}.not`);
  }
}

export interface StructuralOptions {
  /** The status subresource is on: no `default`, `nullable` or junctors at the root. */
  statusSubresource?: boolean;
}

/** Checks a version's `openAPIV3Schema`; paths start at `root`. */
export function checkStructural(schema: JSONSchemaProps, root = '', options: StructuralOptions = {}): StructuralReport {
  const checker = new Checker();
  if (schema.type !== 'object') checker.error(root || '<root>', 'the root must be type "object"');
  if (schema.nullable) checker.error(root || '<root>', 'the root must not be nullable');
  if (schema.additionalProperties !== undefined)
    checker.error(root || '<root>', 'the root must not have additionalProperties');
  if (
    options.statusSubresource &&
    (schema.default !== undefined || schema.allOf || schema.anyOf || schema.oneOf || schema.not)
  ) {
    checker.error(root || '<root>', 'with the status subresource the root must not have a default or junctors');
  }
  for (const name of ['apiVersion', 'kind'] as const) {
    const prop = schema.properties?.[name];
    if (prop !== undefined && prop.type !== 'string') checker.error(`${root}.${name}`, 'must be type "string"');
  }
  const metadata = schema.properties?.metadata;
  if (metadata !== undefined) {
    const extra = Object.keys(metadata.properties ?? {}).filter((p) => p !== 'name' && p !== 'generateName');
    if (extra.length > 0)
      checker.error(`${root}.metadata`, `only name and generateName may be described, not ${extra.join(', ')}`);
    if (metadata.default !== undefined) checker.error(`${root}.metadata`, 'must not have a default');
  }
  checker.node(schema, root);
  return checker.report;
}
