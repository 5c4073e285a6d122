/**
 * Which live member owns which range: rendezvous (highest-random-weight) hashing. Each
 * range goes to the member with the highest weight for it, the weight of member `m` for
 * range `i` being `mix64(fnv1a64(m) XOR fnv1a64(String(i)))` (the formula of
 * docs/sharding.md and of the simulation in bench/sharding, so each member's and each range's
 * hash is computed once); ties, which need equal 64-bit weights, go to the smaller name. `mix64` is MurmurHash3's 64-bit finalizer: FNV-1a alone mixes its
 * last bytes poorly, and over `replica-0`…`replica-7` it gave one member 3.9 times its fair
 * share of 1,024 ranges and another none (max/mean 2.53 for 64 ranges over 3 members);
 * mixed, the spread stays within the balance spec's bound. Every member
 * computes the same answer from the same member list, with no coordinator: a member that
 * leaves gives up only its ranges (each to the runner-up), one that joins takes about
 * `count / N` of them, from every other member alike.
 * @module
 */

import { fnv1a64 } from './fnv.js';
import type { ShardRange } from './ranges.js';

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

/** The rendezvous weight of `member` for the range at `rangeIndex`. */
export function rangeWeight(member: string, rangeIndex: number): bigint {
  return mix64(fnv1a64(member) ^ fnv1a64(String(rangeIndex)));
}

/**
 * Each member's range indexes (ascending) under rendezvous hashing over `members`
 * (duplicates count once; a member may get none). No members: an empty map.
 */
export function assignRanges(ranges: readonly ShardRange[], members: Iterable<string>): Map<string, number[]> {
  const names = [...new Set(members)].sort();
  const owned = new Map<string, number[]>(names.map((name) => [name, []]));
  if (names.length === 0) return owned;
  for (let index = 0; index < ranges.length; index++) {
    let owner = names[0] as string;
    let best = rangeWeight(owner, index);
    for (const name of names.slice(1)) {
      const weight = rangeWeight(name, index);
      if (weight > best) {
        owner = name;
        best = weight;
      }
    }
    owned.get(owner)?.push(index);
  }
  return owned;
}
