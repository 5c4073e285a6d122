/**
 * fnv1a64 against Go's hash/fnv New64a: the documented vectors and values Go computed.
 */
import { describe, expect, it } from '@jest/globals';
import { fnv1a64 } from './fnv.js';
import { HASH_SPACE } from './ranges.js';

describe('fnv1a64', () => {
  it.each([
    ['', 0xcbf29ce484222325n],
    ['a', 0xaf63dc4c8601ec8cn],
    ['foobar', 0x85944171f73967e8n],
  ])('hashes %j as Go hash/fnv New64a does', (key, expected) => {
    expect(fnv1a64(key)).toBe(expected);
  });

  // computed with Go's hash/fnv New64a (go run, Go's fmt %016x)
  it.each([
    ['kube-system', 0xdf65c7bc1d82b35en],
    ['default', 0xebada5168620c5fen],
    ['6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b', 0x0b5a8294ccaf583dn],
    ['é', 0x0ac21707b7181e01n],
    ['日本語', 0xee9ee2b5c854ef87n],
    ['replica-0/17', 0xfb9cfd7c8a8fa507n],
  ])('hashes %j as Go does, over its UTF-8 bytes', (key, expected) => {
    expect(fnv1a64(key)).toBe(expected);
  });

  it('stays within 64 bits', () => {
    for (let i = 0; i < 1000; i++) {
      const h = fnv1a64(`key-${i}`);
      expect(h >= 0n && h < HASH_SPACE).toBe(true);
    }
  });
});
