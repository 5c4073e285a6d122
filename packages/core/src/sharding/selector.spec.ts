/**
 * shardSelector: bounds as the server reads them (16 digits, 2^64 as 17), adjacent ranges
 * merged, bad ranges refused.
 */
import { describe, expect, it } from '@jest/globals';
import { HASH_SPACE, type ShardRange, shardRanges } from './ranges.js';
import { formatBound, mergeRanges, shardSelector } from './selector.js';

describe('shardSelector', () => {
  const ranges = shardRanges(8);

  it('formats bounds as 0x and 16 lowercase hex digits, 2^64 as 0x10000000000000000', () => {
    expect(formatBound(0n)).toBe('0x0000000000000000');
    expect(formatBound(0xabcn << 52n)).toBe('0xabc0000000000000');
    expect(formatBound(HASH_SPACE)).toBe('0x10000000000000000');
    expect(shardSelector('uid', [ranges[7] as ShardRange])).toBe(
      "shardRange(object.metadata.uid, '0xe000000000000000', '0x10000000000000000')",
    );
    expect(shardSelector('namespace', [ranges[0] as ShardRange])).toBe(
      "shardRange(object.metadata.namespace, '0x0000000000000000', '0x2000000000000000')",
    );
  });

  it('merges adjacent ranges into one term and joins the rest with ||, in order', () => {
    const pick = [7, 1, 2, 5, 3, 6].map((i) => ranges[i] as ShardRange);
    expect(shardSelector('uid', pick)).toBe(
      "shardRange(object.metadata.uid, '0x2000000000000000', '0x8000000000000000') || " +
        "shardRange(object.metadata.uid, '0xa000000000000000', '0x10000000000000000')",
    );
    expect(shardSelector('uid', ranges)).toBe(
      "shardRange(object.metadata.uid, '0x0000000000000000', '0x10000000000000000')",
    );
    expect(mergeRanges([ranges[0], ranges[0], ranges[2]] as ShardRange[])).toEqual([ranges[0], ranges[2]]);
  });

  it('refuses no ranges and ranges outside [0, 2^64)', () => {
    expect(() => shardSelector('uid', [])).toThrow('no ranges');
    expect(() => shardSelector('uid', [{ lo: 0n, hi: HASH_SPACE + 1n }])).toThrow('not in [0, 2^64)');
    expect(() => shardSelector('uid', [{ lo: 5n, hi: 5n }])).toThrow('not in [0, 2^64)');
  });
});
