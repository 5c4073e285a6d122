/**
 * The sharding building blocks against Go's and the API server's facts: FNV-1a 64 vectors, equal
 * ranges, rendezvous assignment (partition, order independence, balance, moves on leave and
 * join), selector formatting and merging, and the local matcher.
 */
import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject } from '../api/object.js';
import { assignRanges, rangeWeight } from './assign.js';
import { fnv1a64 } from './fnv.js';
import { inShard, shardHash } from './match.js';
import { HASH_SPACE, type ShardRange, shardRanges } from './ranges.js';
import { formatBound, mergeRanges, shardSelector } from './selector.js';

const members = (n: number, prefix = 'replica') => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
const uidObject = (uid: string): KubernetesObject => ({ metadata: { name: uid, namespace: 'ns', uid } });
/** Which member owns each range index, from assignRanges' per-member answer. */
function ownerOf(assignment: Map<string, number[]>, count: number): string[] {
  const owners: string[] = new Array(count);
  for (const [member, indexes] of assignment) for (const i of indexes) owners[i] = member;
  return owners;
}

describe('fnv1a64', () => {
  it.each([
    ['', 0xcbf29ce484222325n],
    ['a', 0xaf63dc4c8601ec8cn],
    ['foobar', 0x85944171f73967e8n],
  ])('hashes %j as Go hash/fnv New64a does', (key, expected) => {
    expect(fnv1a64(key)).toBe(expected);
  });

  it('hashes the UTF-8 bytes, not UTF-16 code units', () => {
    // "é" is 0xc3 0xa9 in UTF-8: the same as hashing those two bytes one by one
    let h = 0xcbf29ce484222325n;
    for (const b of [0xc3, 0xa9]) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
    expect(fnv1a64('é')).toBe(h);
  });

  it('stays within 64 bits', () => {
    for (let i = 0; i < 1000; i++) {
      const h = fnv1a64(`key-${i}`);
      expect(h >= 0n && h < HASH_SPACE).toBe(true);
    }
  });
});

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

describe('assignRanges', () => {
  const ranges = shardRanges(256);

  it('gives every range to exactly one member, the one of highest weight', () => {
    const names = members(5);
    const assignment = assignRanges(ranges, names);
    expect([...assignment.keys()].sort()).toEqual(names);
    const all = [...assignment.values()].flat().sort((a, b) => a - b);
    expect(all).toEqual(ranges.map((_, i) => i));
    for (const [member, indexes] of assignment) {
      expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
      for (const i of indexes) {
        for (const other of names)
          if (other !== member) expect(rangeWeight(member, i) > rangeWeight(other, i)).toBe(true);
      }
    }
  });

  it('answers the same whatever the order of the members, and counts a duplicate once', () => {
    const names = members(7);
    const a = assignRanges(ranges, names);
    const b = assignRanges(ranges, [...names].reverse().concat(names[2] as string));
    expect([...b.entries()].sort()).toEqual([...a.entries()].sort());
  });

  it('answers an empty map without members and everything to a single member', () => {
    expect(assignRanges(ranges, []).size).toBe(0);
    expect(assignRanges(ranges, ['only']).get('only')).toHaveLength(256);
  });

  it('spreads ranges evenly enough (imbalance max/mean under 1.5 at 1,024 ranges over 8 members)', () => {
    const assignment = assignRanges(shardRanges(1024), members(8));
    const counts = [...assignment.values()].map((indexes) => indexes.length);
    expect(Math.max(...counts) / (1024 / 8)).toBeLessThan(1.5);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });

  it('moves only the ranges of a member that leaves, each to another member', () => {
    const names = members(6);
    const before = ownerOf(assignRanges(ranges, names), ranges.length);
    const gone = 'replica-3';
    const after = ownerOf(
      assignRanges(
        ranges,
        names.filter((n) => n !== gone),
      ),
      ranges.length,
    );
    const moved = ranges.map((_, i) => i).filter((i) => before[i] !== after[i]);
    expect(moved.length).toBe(before.filter((o) => o === gone).length);
    expect(moved.every((i) => before[i] === gone && after[i] !== gone)).toBe(true);
  });

  it('moves about count/(N+1) ranges to a member that joins, and only to it', () => {
    const count = 1024;
    const many = shardRanges(count);
    const names = members(4);
    const before = ownerOf(assignRanges(many, names), count);
    const after = ownerOf(assignRanges(many, [...names, 'replica-4']), count);
    const moved = many.map((_, i) => i).filter((i) => before[i] !== after[i]);
    expect(moved.every((i) => after[i] === 'replica-4')).toBe(true);
    // expected count/5 = 204.8; the binomial's standard deviation is about 12.8
    expect(moved.length).toBeGreaterThan(count / 5 - 60);
    expect(moved.length).toBeLessThan(count / 5 + 60);
  });
});

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

describe('inShard', () => {
  const ranges = shardRanges(64);

  it('puts every key in exactly one member’s ranges', () => {
    const assignment = assignRanges(ranges, members(3));
    const mine = [...assignment.values()].map((indexes) => indexes.map((i) => ranges[i] as ShardRange));
    for (let k = 0; k < 2000; k++) {
      const obj = uidObject(`00000000-0000-4000-8000-${String(k).padStart(12, '0')}`);
      expect(mine.filter((r) => inShard(obj, 'uid', r))).toHaveLength(1);
    }
  });

  it('reads lo inclusive and hi exclusive on the hash of the uid or the namespace', () => {
    const obj: KubernetesObject = { metadata: { name: 'x', namespace: 'team-a', uid: 'u-1' } };
    const h = fnv1a64('u-1');
    expect(shardHash(obj, 'uid')).toBe(h);
    expect(inShard(obj, 'uid', [{ lo: h, hi: h + 1n }])).toBe(true);
    expect(inShard(obj, 'uid', [{ lo: h + 1n, hi: HASH_SPACE }])).toBe(false);
    expect(inShard(obj, 'uid', [{ lo: 0n, hi: h }])).toBe(false);
    const n = fnv1a64('team-a');
    expect(inShard(obj, 'namespace', [{ lo: n, hi: n + 1n }])).toBe(true);
  });

  it('hashes an absent namespace (cluster-scoped) or uid as the empty string, as the server does', () => {
    const empty = fnv1a64('');
    const clusterScoped: KubernetesObject = { metadata: { name: 'node-1', uid: 'u' } };
    expect(shardHash(clusterScoped, 'namespace')).toBe(empty);
    expect(shardHash({ metadata: { name: 'new' } }, 'uid')).toBe(empty);
  });
});
