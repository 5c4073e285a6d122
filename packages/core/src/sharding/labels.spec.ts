/**
 * formatRuns/parseRuns: the Lease annotation's text form of a set of range indexes.
 */
import { describe, expect, it } from '@jest/globals';
import { formatRuns, parseRuns } from './labels.js';
import { rangeIndex } from './ranges.js';

describe('formatRuns and parseRuns', () => {
  it('writes sorted runs once each and reads them back', () => {
    expect(formatRuns([17, 3, 0, 1, 2, 2, 400, 402, 401])).toBe('0-3,17,400-402');
    expect(parseRuns('0-3,17,400-402')).toEqual([0, 1, 2, 3, 17, 400, 401, 402]);
    expect(formatRuns([])).toBe('');
    expect(parseRuns('')).toEqual([]);
  });

  it.each(['a', '3-1', '1-', '-2', '1.5'])('refuses %j, naming it', (text) => {
    expect(() => parseRuns(text)).toThrow(`unable to read the shard ranges ${JSON.stringify(text)}`);
  });
});

describe('rangeIndex', () => {
  it('is the top log2(count) bits of the hash', () => {
    expect(rangeIndex(0n, 4096)).toBe(0);
    expect(rangeIndex((1n << 64n) - 1n, 4096)).toBe(4095);
    expect(rangeIndex(0x0010000000000000n, 4096)).toBe(1);
    expect(rangeIndex(0x8000000000000000n, 2)).toBe(1);
    expect(rangeIndex(0xffffn, 1)).toBe(0);
    expect(() => rangeIndex(1n, 3)).toThrow('the count must be a power of two');
  });
});
