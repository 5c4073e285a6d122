/**
 * The `shardSelector` the API server takes (KEP-5866, alpha gate `ShardedListAndWatch`)
 * for a set of ranges: `shardRange(object.metadata.<key>, '<lo>', '<hi>')` terms joined
 * with `||`, adjacent ranges merged into one term, each bound `0x` and exactly 16
 * lowercase hex digits (v1.37.2 refuses `'0x0'`), `'0x10000000000000000'` for 2^64.
 * @module
 */

import { HASH_SPACE, type ShardRange } from './ranges.js';

/** What an object is sharded by: its uid (default; every object on its own) or its namespace (a namespace's objects together). */
export type ShardKey = 'uid' | 'namespace';

/** A bound as the server reads it: 16 hex digits, or 17 for 2^64. */
export function formatBound(bound: bigint): string {
  return `0x${bound.toString(16).padStart(16, '0')}`;
}

/** The ranges sorted, with ranges that touch or overlap merged; each checked to lie in the hash space. */
export function mergeRanges(ranges: readonly ShardRange[]): ShardRange[] {
  for (const { lo, hi } of ranges) {
    if (lo < 0n || hi > HASH_SPACE || lo >= hi) {
      throw new RangeError(`unable to use the shard range [${formatBound(lo)}, ${formatBound(hi)}): not in [0, 2^64)`);
    }
  }
  const merged: { lo: bigint; hi: bigint }[] = [];
  for (const { lo, hi } of [...ranges].sort((a, b) => (a.lo < b.lo ? -1 : a.lo > b.lo ? 1 : 0))) {
    const last = merged[merged.length - 1];
    if (last !== undefined && lo <= last.hi) {
      if (hi > last.hi) last.hi = hi;
    } else {
      merged.push({ lo, hi });
    }
  }
  return merged;
}

/** The selector for `ranges` hashed over `key`; at least one range (no selector matches nothing). */
export function shardSelector(key: ShardKey, ranges: readonly ShardRange[]): string {
  if (ranges.length === 0) throw new RangeError('unable to build a shard selector: no ranges');
  return mergeRanges(ranges)
    .map(({ lo, hi }) => `shardRange(object.metadata.${key}, '${formatBound(lo)}', '${formatBound(hi)}')`)
    .join(' || ');
}
