import { describe, expect, it } from '@jest/globals';
import { jsonEqual } from './json-equal.js';

describe('jsonEqual', () => {
  it('compares by content, ignoring prototypes and undefined properties', () => {
    const nullProto = Object.assign(Object.create(null), { a: '1' });
    expect(jsonEqual(nullProto, { a: '1' })).toBe(true);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(jsonEqual(new Date('2026-01-01T00:00:00Z'), '2026-01-01T00:00:00.000Z')).toBe(true);
  });

  it('sees every difference', () => {
    expect(jsonEqual({ a: '1' }, { a: 1 })).toBe(false);
    expect(jsonEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(jsonEqual({ a: {} }, { a: [] })).toBe(false);
    expect(jsonEqual({ a: null }, { a: {} })).toBe(false);
    expect(jsonEqual({ a: { b: 1 } }, { a: { b: 1, c: 2 } })).toBe(false);
  });
});
