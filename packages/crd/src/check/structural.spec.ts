import { describe, expect, it } from '@jest/globals';
import type { JSONSchemaProps } from '../apiextensions/types.js';
import { checkStructural } from './structural.js';

const root = (properties: Record<string, JSONSchemaProps>): JSONSchemaProps => ({ type: 'object', properties });

describe('checkStructural', () => {
  it('accepts a typed schema', () => {
    expect(checkStructural(root({ a: { type: 'string', pattern: '^[a-z]+$' } })).errors).toEqual([]);
  });

  it.each<[string, JSONSchemaProps, string]>([
    ['an untyped node', root({ a: {} }), '.a: must have a "type"'],
    ['an array without items', root({ a: { type: 'array' } }), '.a: an array must have "items"'],
    [
      'uniqueItems',
      root({ a: { type: 'array', items: { type: 'string' }, uniqueItems: true } }),
      '"uniqueItems" is forbidden',
    ],
    ['$ref', root({ a: { $ref: '#/x' } as JSONSchemaProps }), '"$ref" is not allowed'],
    [
      'properties beside additionalProperties',
      root({ a: { type: 'object', properties: { b: { type: 'string' } }, additionalProperties: { type: 'string' } } }),
      'mutually exclusive',
    ],
    ['a lookahead pattern', root({ a: { type: 'string', pattern: '(?=a)b' } }), 'is not valid Go RE2'],
    ['a \\u escape', root({ a: { type: 'string', pattern: '\\u0041' } }), 'no \\uXXXX escape'],
    [
      'a typed junctor',
      root({ a: { type: 'string', anyOf: [{ type: 'string' }] } }),
      '"type" is not allowed inside allOf/anyOf/oneOf/not',
    ],
    [
      'an incomplete junctor',
      root({ a: { type: 'object', properties: {}, oneOf: [{ properties: { b: {} } }] } }),
      'property "b" must also be declared outside the junctor',
    ],
    [
      'a list-map key that is not required',
      root({
        a: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['k'],
          items: { type: 'object', properties: { k: { type: 'string' } } },
        },
      }),
      'list-map key "k" must be required or have a default',
    ],
    ['a default of the wrong type', root({ a: { type: 'integer', default: 'x' } }), 'default must be integer'],
    [
      'a default with unknown fields',
      root({ a: { type: 'object', properties: {}, default: { z: 1 } } }),
      'default.z is an unknown field',
    ],
    [
      'a CEL rule that does not parse',
      root({ a: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self ==' }] } }),
      'does not parse',
    ],
    ['a nullable root', { type: 'object', nullable: true }, 'the root must not be nullable'],
    [
      'numeric exclusiveMinimum',
      root({ a: { type: 'integer', exclusiveMinimum: 0 as unknown as boolean } }),
      '"exclusiveMinimum" must be a boolean',
    ],
  ])('rejects %s', (_, schema, message) => {
    expect(checkStructural(schema).errors.join('\n')).toContain(message);
  });

  it('warns on formats the API server ignores', () => {
    expect(checkStructural(root({ a: { type: 'string', format: 'url' } })).warnings[0]).toContain('format "url"');
  });
});
