/**
 * The 64-bit hash space cut into a fixed number of equal ranges, the unit of assignment:
 * a range is `lo <= hash < hi`, as the API server's `shardRange` reads its bounds.
 * @module
 */

/** 2^64: the size of the hash space, and the upper bound of its last range. */
export const HASH_SPACE = 1n << 64n;

/** Hashes `lo <= hash < hi` (lo inclusive, hi exclusive), `0 <= lo < hi <= 2^64`. */
export interface ShardRange {
  readonly lo: bigint;
  readonly hi: bigint;
}

/** The hash space cut into `count` equal ranges, in order; `count` is a power of two (1, 2, 4, …). */
export function shardRanges(count: number): ShardRange[] {
  if (!Number.isInteger(Math.log2(count))) {
    throw new RangeError(`unable to cut the hash space into ${count} ranges: the count must be a power of two`);
  }
  const width = HASH_SPACE / BigInt(count);
  return Array.from({ length: count }, (_, i) => ({ lo: BigInt(i) * width, hi: BigInt(i + 1) * width }));
}

/** The index of the range (of `count`, a power of two) that holds `hash`: its top log2(count) bits. */
export function rangeIndex(hash: bigint, count: number): number {
  const bits = Math.log2(count);
  if (!Number.isInteger(bits)) {
    throw new RangeError(`unable to find the range of a hash among ${count}: the count must be a power of two`);
  }
  return bits === 0 ? 0 : Number(hash >> BigInt(64 - bits));
}
