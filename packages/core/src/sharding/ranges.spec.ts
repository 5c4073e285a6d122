/**
 * shardRanges: equal, contiguous ranges covering 2^64; only power-of-two counts.
 */
import { describe, expect, it } from '@jest/globals';
import { HASH_SPACE, type ShardRange, shardRanges } from './ranges.js';

describe('shardRanges', () => {
  it('cuts 2^64 into equal, contiguous ranges from 0 to 2^64', () => {
    const ranges = shardRanges(64);
    expect(ranges).toHaveLength(64);
    expect(ranges[0]?.lo).toBe(0n);
    expect(ranges[63]?.hi).toBe(HASH_SPACE);
    for (let i = 0; i < 64; i++) {
      expect((ranges[i] as ShardRange).hi - (ranges[i] as ShardRange).lo).toBe(1n << 58n);
      if (i > 0) expect((ranges[i] as ShardRange).lo).toBe((ranges[i - 1] as ShardRange).hi);
    }
    expect(shardRanges(1)).toEqual([{ lo: 0n, hi: HASH_SPACE }]);
  });

  it.each([0, 3, 12, -4, 1.5, Number.NaN])('refuses a count of %p', (count) => {
    expect(() => shardRanges(count)).toThrow('the count must be a power of two');
  });
});
