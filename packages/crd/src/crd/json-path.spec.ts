import { describe, expect, it } from '@jest/globals';
import type { JSONSchemaProps } from '../apiextensions/types.js';
import { resolveJsonPath } from './json-path.js';

const condition: JSONSchemaProps = {
  type: 'object',
  properties: { type: { type: 'string' }, status: { type: 'string' } },
};
const schema: JSONSchemaProps = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        replicas: { type: 'integer' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        template: {
          type: 'object',
          'x-kubernetes-embedded-resource': true,
          'x-kubernetes-preserve-unknown-fields': true,
        },
      },
    },
    status: {
      type: 'object',
      properties: { conditions: { type: 'array', items: condition } },
    },
  },
};

describe('resolveJsonPath', () => {
  it.each([
    '.spec.replicas',
    '.status.conditions[?(@.type=="Available")].status',
    ".status.conditions[?(@.type=='Ready')].status",
    '.status.conditions[0].type',
    '.status.conditions[*].type',
    '.status.conditions[-1:].status',
    ".spec['replicas']",
    '.spec.labels.app',
    '.spec.labels[*]',
  ])('finds %s', (path) => {
    expect(resolveJsonPath(schema, path)).toEqual({ found: expect.objectContaining({ type: expect.any(String) }) });
  });

  it.each([
    ['.spec.replica', '.spec.replica'],
    ['.status.conditions[?(@.type=="Available")].state', '.status.conditions[?(@.type=="Available")].state'],
    ['.status.phase', '.status.phase'],
    ['.spec.replicas.value', '.spec.replicas.value'],
  ])('reports %s as missing from %s', (path, missing) => {
    expect(resolveJsonPath(schema, path)).toEqual({ missing });
  });

  it('cannot check under preserve-unknown-fields or through a recursive descent', () => {
    expect(resolveJsonPath(schema, '.spec.template.spec.containers[0].image')).toEqual({ unchecked: true });
    expect(resolveJsonPath(schema, '..status')).toEqual({ unchecked: true });
  });

  it('reports what it cannot parse', () => {
    expect(resolveJsonPath(schema, '.status.conditions[?(@.type=="A"')).toEqual({
      invalid: 'unclosed "[" at .status.conditions[',
    });
    expect(resolveJsonPath(schema, '.spec..')).toEqual({ unchecked: true });
    expect(resolveJsonPath(schema, 'spec')).toEqual({ invalid: 'must start with "."' });
  });
});
