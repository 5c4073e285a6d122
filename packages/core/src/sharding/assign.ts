/**
 * Which live member owns which range: a consistent-hash ring whose points sit on range
 * boundaries. Each member has `virtualNodes` points; point `j` of member `m` hashes to
 * `mix64(fnv1a64(m) XOR fnv1a64(decimal j))`, and its position is the range that hash falls
 * in (its top log2(R) bits, as an object's). A point owns the ranges from its position up
 * to the next point's, wrapping past the last range; points are ordered by their whole
 * 64-bit hash, so two points at one position are ordered too (ties of the whole hash, by
 * member name). `mix64` is MurmurHash3's 64-bit finalizer: FNV-1a alone mixes its last bytes
 * poorly, so `replica-1`'s points would sit beside `replica-2`'s.
 *
 * What it guarantees (docs/sharding.md, "Assignment"): every member computes the same answer
 * from the same member list, with no coordinator; a member that leaves gives up only its
 * ranges (each to the point before it); one that joins takes only ranges that move to it,
 * about `count / N`; and a member holds at most `virtualNodes` runs of adjacent ranges, so
 * its `shardSelector` has at most `virtualNodes + 1` terms (the run that wraps is two)
 * whatever the member count: 10 KB of query string at most for 1 to 100 members at the
 * defaults, where a range-by-range assignment sends one term per range.
 * @module
 */

import { fnv1a64 } from './fnv.js';
import { rangeIndex, type ShardRange } from './ranges.js';

/** Points per member on the ring (`ShardingOptions.virtualNodes`). */
export const DEFAULT_VIRTUAL_NODES = 128;

const MASK = 0xffffffffffffffffn;

/** MurmurHash3's fmix64: a bijection on 64 bits whose every output bit depends on every input bit. */
function mix64(value: bigint): bigint {
  let h = value;
  h ^= h >> 33n;
  h = (h * 0xff51afd7ed558ccdn) & MASK;
  h ^= h >> 33n;
  h = (h * 0xc4ceb9fe1a85ec53n) & MASK;
  h ^= h >> 33n;
  return h;
}

/** FNV-1a 64 of `0`, `1`, …: the points' halves of the hash, computed once. */
const pointHashes: bigint[] = [];
const pointHash = (point: number): bigint => (pointHashes[point] ??= fnv1a64(String(point)));

/** The hash of point `point` of the member whose FNV-1a 64 is `memberHash`. */
const pointOf = (memberHash: bigint, point: number): bigint => mix64(memberHash ^ pointHash(point));

/** The hash of point `point` of `member` on the ring; its position is the range this hash falls in. */
export function ringPoint(member: string, point: number): bigint {
  return pointOf(fnv1a64(member), point);
}

interface Point {
  hash: bigint;
  member: string;
  position: number;
}

/** Every member's points in ring order: by hash (and so by position), then member name. */
function ringPoints(names: readonly string[], count: number, virtualNodes: number): Point[] {
  const points: Point[] = [];
  for (const member of names) {
    const memberHash = fnv1a64(member);
    for (let j = 0; j < virtualNodes; j++) {
      const hash = pointOf(memberHash, j);
      points.push({ hash, member, position: rangeIndex(hash, count) });
    }
  }
  return points.sort((a, b) =>
    a.hash !== b.hash ? (a.hash < b.hash ? -1 : 1) : a.member < b.member ? -1 : a.member > b.member ? 1 : 0,
  );
}

/**
 * Each member's range indexes (ascending) on the ring of `members` with `virtualNodes`
 * points each (duplicates count once; a member may get none). No members: an empty map.
 */
export function assignRanges(
  ranges: readonly ShardRange[],
  members: Iterable<string>,
  virtualNodes: number = DEFAULT_VIRTUAL_NODES,
): Map<string, number[]> {
  if (!Number.isInteger(virtualNodes) || virtualNodes < 1) {
    throw new RangeError(
      `unable to assign shard ranges with ${virtualNodes} virtual nodes: it must be a whole number ≥ 1`,
    );
  }
  const names = [...new Set(members)].sort();
  const owned = new Map<string, number[]>(names.map((name) => [name, []]));
  if (names.length === 0) return owned;
  const points = ringPoints(names, ranges.length, virtualNodes);
  let next = 0;
  let owner = (points[points.length - 1] as Point).member; // ranges before the first point wrap to the last
  for (let index = 0; index < ranges.length; index++) {
    while (next < points.length && (points[next] as Point).position <= index) owner = (points[next++] as Point).member;
    owned.get(owner)?.push(index);
  }
  return owned;
}
