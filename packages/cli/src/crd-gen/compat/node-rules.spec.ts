import { describe, expect, it } from '@jest/globals';
import type { JSONSchemaProps } from '@operant/crd';
import { compareSchemas } from './walk.js';

/** The rules and messages found between two `spec.field` schemas, formatted `rule path: message`. */
function changes(old: JSONSchemaProps, next: JSONSchemaProps): string[] {
  const wrap = (field: JSONSchemaProps): JSONSchemaProps => ({
    type: 'object',
    properties: { spec: { type: 'object', properties: { field } } },
  });
  return compareSchemas(wrap(old), wrap(next), { crd: 'widgets.demo.operant.dev', version: 'v1', path: '' }).map(
    (c) => `${c.rule} ${c.path}: ${c.message}`,
  );
}

const str: JSONSchemaProps = { type: 'string' };
const int: JSONSchemaProps = { type: 'integer' };
const list: JSONSchemaProps = { type: 'array', items: str };
const map: JSONSchemaProps = { type: 'object', additionalProperties: str };

describe('schema rules', () => {
  it('passes identical schemas and loosened constraints', () => {
    expect(changes({ ...int, maximum: 5, minimum: 1 }, { ...int, maximum: 9, minimum: 0 })).toEqual([]);
    expect(changes({ ...str, pattern: '^a$', format: 'date-time', enum: ['a'] }, str)).toEqual([]);
    expect(changes({ ...list, maxItems: 2, uniqueItems: true }, list)).toEqual([]);
  });

  it('type: a changed type, int-or-string included, and nothing below it', () => {
    expect(changes(int, str)).toEqual(['type spec.field: type changed from integer to string']);
    expect(changes({ 'x-kubernetes-int-or-string': true }, int)).toEqual([
      'type spec.field: type changed from int-or-string to integer',
    ]);
    expect(changes({ type: 'object', properties: { a: str } }, list)).toEqual([
      'type spec.field: type changed from object to array',
    ]);
  });

  it('existingFieldRemoval: a removed field, at any depth, in array elements and map values', () => {
    const obj = (properties: Record<string, JSONSchemaProps>): JSONSchemaProps => ({ type: 'object', properties });
    expect(changes(obj({ a: str, b: int }), obj({ a: str }))).toEqual([
      'existingFieldRemoval spec.field.b: field b removed',
    ]);
    expect(changes({ type: 'array', items: obj({ port: int }) }, { type: 'array', items: obj({}) })).toEqual([
      'existingFieldRemoval spec.field[*].port: field port removed',
    ]);
    expect(
      changes(
        { type: 'object', additionalProperties: obj({ x: int }) },
        { type: 'object', additionalProperties: obj({}) },
      ),
    ).toEqual(['existingFieldRemoval spec.field.*.x: field x removed']);
  });

  it('enum: added where there was none, values removed (error); values added (enumAddition, a warning)', () => {
    expect(changes(str, { ...str, enum: ['a', 'b'] })).toEqual(['enum spec.field: enum ["a","b"] added']);
    expect(changes({ ...str, enum: ['a', 'b'] }, { ...str, enum: ['a', 'c'] })).toEqual([
      'enum spec.field: enum values ["b"] removed',
      'enumAddition spec.field: enum values ["c"] added',
    ]);
  });

  it('pattern and format: added or changed, not removed', () => {
    expect(changes(str, { ...str, pattern: '^[a-z]+$' })).toEqual(['pattern spec.field: pattern "^[a-z]+$" added']);
    expect(changes({ ...str, pattern: '^a' }, { ...str, pattern: '^b' })).toEqual([
      'pattern spec.field: pattern changed from "^a" to "^b"',
    ]);
    expect(changes(str, { ...str, format: 'date-time' })).toEqual(['format spec.field: format "date-time" added']);
    expect(changes({ ...int, format: 'int64' }, { ...int, format: 'int32' })).toEqual([
      'format spec.field: format changed from "int64" to "int32"',
    ]);
  });

  it('default: added, changed or removed', () => {
    expect(changes(int, { ...int, default: 1 })).toEqual(['default spec.field: default 1 added']);
    expect(changes({ ...int, default: 1 }, { ...int, default: 2 })).toEqual([
      'default spec.field: default changed from 1 to 2',
    ]);
    expect(changes({ ...int, default: 1 }, int)).toEqual(['default spec.field: default 1 removed']);
  });

  it('maximum, maxLength, maxItems, maxProperties: added or lowered', () => {
    expect(changes(int, { ...int, maximum: 10 })).toEqual(['maximum spec.field: maximum 10 added']);
    expect(changes({ ...int, maximum: 10 }, { ...int, maximum: 5 })).toEqual([
      'maximum spec.field: maximum lowered from 10 to 5',
    ]);
    expect(changes({ ...int, maximum: 10 }, { ...int, maximum: 10, exclusiveMaximum: true })).toEqual([
      'maximum spec.field: exclusiveMaximum added: 10 is no longer allowed',
    ]);
    expect(changes({ ...str, maxLength: 8 }, { ...str, maxLength: 4 })).toEqual([
      'maxLength spec.field: maxLength lowered from 8 to 4',
    ]);
    expect(changes(list, { ...list, maxItems: 3 })).toEqual(['maxItems spec.field: maxItems 3 added']);
    expect(changes({ ...map, maxProperties: 3 }, { ...map, maxProperties: 2 })).toEqual([
      'maxProperties spec.field: maxProperties lowered from 3 to 2',
    ]);
  });

  it('minimum, minLength, minItems, minProperties: added or raised', () => {
    expect(changes({ ...int, minimum: 0 }, { ...int, minimum: 1 })).toEqual([
      'minimum spec.field: minimum raised from 0 to 1',
    ]);
    expect(changes({ ...int, minimum: 0 }, { ...int, minimum: 0, exclusiveMinimum: true })).toEqual([
      'minimum spec.field: exclusiveMinimum added: 0 is no longer allowed',
    ]);
    expect(changes(str, { ...str, minLength: 1 })).toEqual(['minLength spec.field: minLength 1 added']);
    expect(changes({ ...list, minItems: 1 }, { ...list, minItems: 2 })).toEqual([
      'minItems spec.field: minItems raised from 1 to 2',
    ]);
    expect(changes(map, { ...map, minProperties: 1 })).toEqual(['minProperties spec.field: minProperties 1 added']);
  });

  it('required: a field newly required, whether it existed or is new', () => {
    const old: JSONSchemaProps = { type: 'object', properties: { a: str }, required: [] };
    expect(changes(old, { ...old, required: ['a'] })).toEqual(['required spec.field.a: a is now required']);
    expect(changes(old, { type: 'object', properties: { a: str, b: int }, required: ['b'] })).toEqual([
      'required spec.field.b: b is now required',
    ]);
    // a new optional object may require its own fields: no stored object has it
    expect(
      changes(old, {
        type: 'object',
        properties: { a: str, tls: { type: 'object', properties: { c: str }, required: ['c'] } },
      }),
    ).toEqual([]);
  });

  it('nullable removed, uniqueItems added', () => {
    expect(changes({ ...str, nullable: true }, str)).toEqual([
      'nullable spec.field: nullable removed: null is no longer accepted',
    ]);
    expect(changes(list, { ...list, uniqueItems: true })).toEqual(['uniqueItems spec.field: uniqueItems added']);
  });

  it('listType and mapType: a changed list type, list-map keys or map type', () => {
    expect(changes(list, { ...list, 'x-kubernetes-list-type': 'set' })).toEqual([
      'listType spec.field: x-kubernetes-list-type changed from atomic to set',
    ]);
    const keyed = (keys: string[]): JSONSchemaProps => ({
      type: 'array',
      items: { type: 'object', properties: { name: str, port: int } },
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': keys,
    });
    expect(changes(keyed(['name']), keyed(['name', 'port']))).toEqual([
      'listType spec.field: x-kubernetes-list-map-keys changed from ["name"] to ["name","port"]',
    ]);
    expect(changes(map, { ...map, 'x-kubernetes-map-type': 'atomic' })).toEqual([
      'mapType spec.field: x-kubernetes-map-type changed from granular to atomic',
    ]);
  });

  it('validationRules: a new CEL rule, an unchanged one passes', () => {
    const rule = { rule: 'self.size() < 10' };
    expect(
      changes({ ...str, 'x-kubernetes-validations': [rule] }, { ...str, 'x-kubernetes-validations': [rule] }),
    ).toEqual([]);
    expect(changes(str, { ...str, 'x-kubernetes-validations': [rule] })).toEqual([
      'validationRules spec.field: validation rule "self.size() < 10" added',
    ]);
  });
});
