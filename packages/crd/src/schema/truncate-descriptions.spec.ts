// controller-gen's TruncateDescription (pkg/crd/desc_visitor.go), case by case.
import { describe, expect, it } from '@jest/globals';
import type { JSONSchemaProps } from '../apiextensions/types.js';
import { truncateDescription, truncateDescriptions } from './truncate-descriptions.js';

describe('truncateDescription', () => {
  it('keeps a description of up to n characters', () => {
    expect(truncateDescription('Twelve chars', 12)).toBe('Twelve chars');
  });

  it('cuts back to the last sentence end within n characters, without "..."', () => {
    expect(truncateDescription('The first sentence. The second one goes on.', 30)).toBe('The first sentence.');
    expect(truncateDescription('Is it? Perhaps not at all', 20)).toBe('Is it?');
  });

  it('else cuts back to the last space and adds "..."', () => {
    expect(truncateDescription('The text of the note, shown in full', 8)).toBe('The...');
  });

  it('else adds "..." after n characters', () => {
    expect(truncateDescription('APIVersion defines', 8)).toBe('APIVersi...');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncateDescription('😀😀😀 and more', 3)).toBe('😀😀😀...');
  });
});

describe('truncateDescriptions', () => {
  const schema: JSONSchemaProps = {
    type: 'object',
    description: 'The root. It has parts.',
    properties: {
      description: { type: 'string', description: 'A property called description.' },
      list: { type: 'array', description: 'A list.', items: { type: 'object', description: 'An item.' } },
      map: {
        type: 'object',
        additionalProperties: { type: 'string', description: 'A value.' },
        externalDocs: { url: 'https://example.com', description: 'Read more.' },
      },
      either: { allOf: [{ description: 'All.' }], anyOf: [{ description: 'Any.' }], oneOf: [{ description: 'One.' }] },
      never: { not: { description: 'Not.' } },
    },
  };

  it('with 0 removes the description of every schema node, and nothing else', () => {
    expect(truncateDescriptions(schema, 0)).toEqual({
      type: 'object',
      properties: {
        description: { type: 'string' },
        list: { type: 'array', items: { type: 'object' } },
        map: {
          type: 'object',
          additionalProperties: { type: 'string' },
          externalDocs: { url: 'https://example.com', description: 'Read more.' },
        },
        either: { allOf: [{}], anyOf: [{}], oneOf: [{}] },
        never: { not: {} },
      },
    });
  });

  it('with n cuts each node and leaves the input alone', () => {
    const before = structuredClone(schema);
    const cut = truncateDescriptions(schema, 10);
    expect(cut.description).toBe('The root.');
    expect(cut.properties?.description?.description).toBe('A...');
    expect(cut.properties?.list?.items?.description).toBe('An item.');
    expect(schema).toEqual(before);
  });

  it('without n returns the schema as it is', () => {
    expect(truncateDescriptions(schema, undefined)).toBe(schema);
  });
});
