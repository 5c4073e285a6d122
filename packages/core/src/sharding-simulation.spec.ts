/**
 * The sharding simulation's assignment (`bench/sharding/`) is the one docs/sharding.md
 * describes and `@operant/core/sharding` builds: the API server's shard hash (64-bit FNV-1a,
 * as Go's `hash/fnv`), ranges with the bounds `shardRange()` takes, and a consistent-hash
 * ring on range boundaries that moves only what a membership change must move, the same
 * whatever order the members were seen in.
 * @module
 */
import { describe, expect, it } from '@jest/globals';
import {
  Assignment,
  fnv1a64,
  fnv1a64High,
  hex64,
  rangeBounds,
  rangeOfHigh,
  rendezvousOwners,
  ringOwners,
  ringPoints,
  shardSelector,
  VIRTUAL_NODES,
} from '../../../bench/sharding/assignment.mjs';
import {
  byMemberCount,
  changes,
  hashKeys,
  hashNamespacedKeys,
  memberId,
  namespaceNames,
  random32,
  simulate,
  uuid4,
} from '../../../bench/sharding/simulate.mjs';
import { assignRanges, DEFAULT_VIRTUAL_NODES, ringPoint } from './sharding/assign.js';
import { shardRanges } from './sharding/ranges.js';

const members = (n: number) => Array.from({ length: n }, (_, i) => memberId(i));

/** Owners that differ between two assignments, by range. */
const differing = (a: (string | undefined)[], b: (string | undefined)[]) =>
  a.flatMap((owner, r) => (owner === b[r] ? [] : [r]));

describe('the shard hash', () => {
  it("should be Go's fnv.New64a over the UTF-8 bytes", () => {
    // the FNV reference vectors, and values printed by Go 1.26's hash/fnv (fnv.New64a) for these strings
    const vectors: [string, string][] = [
      ['', '0xcbf29ce484222325'],
      ['a', '0xaf63dc4c8601ec8c'],
      ['foobar', '0x85944171f73967e8'],
      ['aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee', '0x93754b7248a00eb9'],
      ['3f2504e0-4f89-41d3-9a0c-0305e82c3301', '0x3fde1cd4be7e9771'],
      ['kube-system', '0xdf65c7bc1d82b35e'],
      ['héllo', '0xa35ff71f960240e0'],
    ];
    expect(vectors.map(([s]) => [s, hex64(fnv1a64(s))])).toEqual(vectors);
  });

  it('should give the same high word on the fast path as with BigInt', () => {
    const next = random32(7);
    const uids = [...Array.from({ length: 2000 }, () => uuid4(next)), '', 'a', 'default', 'kube-system'];
    expect(uids.filter((s) => fnv1a64High(s) !== Number(fnv1a64(s) >> 32n))).toEqual([]);
  });

  it('should make v4 UUIDs, the form of metadata.uid', () => {
    const next = random32(1);
    const uid = uuid4(next);
    expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuid4(random32(1))).toBe(uid);
  });
});

describe('ranges', () => {
  it('should cut the hash space into equal ranges with the bounds shardRange() takes', () => {
    expect(rangeBounds(0, 1024)).toEqual({ lo: '0x0000000000000000', hi: '0x0040000000000000' });
    expect(rangeBounds(1023, 1024)).toEqual({ lo: '0xffc0000000000000', hi: '0x10000000000000000' });
    expect(() => rangeOfHigh(0, 1000)).toThrow('unable to cut the hash space into 1000 ranges');
  });

  it("should put a key in the range whose bounds hold the key's hash", () => {
    const next = random32(3);
    for (let i = 0; i < 200; i++) {
      const uid = uuid4(next);
      const hash = fnv1a64(uid);
      const { lo, hi } = rangeBounds(rangeOfHigh(fnv1a64High(uid), 4096), 4096);
      expect(BigInt(lo) <= hash && hash < BigInt(hi)).toBe(true);
    }
  });

  it('should send one shardRange() per run of adjacent ranges', () => {
    expect(shardSelector([5, 0, 1, 1023], 1024).split(' || ')).toEqual([
      "shardRange(object.metadata.uid, '0x0000000000000000', '0x0080000000000000')",
      "shardRange(object.metadata.uid, '0x0140000000000000', '0x0180000000000000')",
      "shardRange(object.metadata.uid, '0xffc0000000000000', '0x10000000000000000')",
    ]);
  });
});

describe('namespace keys', () => {
  const rangeOf = (key: string) => rangeOfHigh(fnv1a64High(key), 4096);

  it('should put names that differ only at the end in one range (FNV-1a barely mixes its last bytes)', () => {
    const sequential = namespaceNames(10, true, random32(1));
    expect(sequential[9]).toBe('ns-0009');
    expect(new Set(sequential.map(rangeOf)).size).toBe(1);
    const next = random32(2);
    expect(new Set(Array.from({ length: 10 }, () => rangeOf(uuid4(next)))).size).toBeGreaterThan(5);
  });

  it("should give every object of a namespace its namespace's hash", () => {
    const names = namespaceNames(3, false, random32(3));
    expect(names.every((n) => /^ns-[0-9a-z]{8}$/.test(n))).toBe(true);
    const highs = hashNamespacedKeys(3000, names, 1, random32(4));
    const counts = names.map((n) => highs.filter((h) => h === fnv1a64High(n)).length);
    expect(counts.reduce((a, b) => a + b)).toBe(3000);
    // Zipf: the first name is the largest
    expect(counts[0]).toBeGreaterThan(counts[2] as number);
  });
});

describe('the ring assignment', () => {
  it('should give every range the member of the last point at or before it, the same in any member order', () => {
    const ids = members(20);
    const a = new Assignment(256, ids, 4);
    const b = new Assignment(256, [...ids].reverse(), 4);
    expect(b.owners()).toEqual(a.owners());
    const points = ringPoints(ids, 256, 4);
    const expected = Array.from({ length: 256 }, (_, r) => {
      const before = points.filter((p) => p.position <= r);
      return (before[before.length - 1] ?? points[points.length - 1])?.member;
    });
    expect(a.owners()).toEqual(expected);
  });

  it("should move only a leaving member's ranges", () => {
    const a = new Assignment(1024, members(20));
    const before = a.owners();
    const mine = before.flatMap((m, r) => (m === 'replica-007' ? [r] : []));
    expect(a.leave('replica-007')).toEqual(mine);
    expect(differing(before, a.owners())).toEqual(mine);
    expect(a.owners()).not.toContain('replica-007');
    expect(a.owners()).toEqual(ringOwners(1024, a.members()));
  });

  it('should move about R/N ranges to a joining member, and only to it', () => {
    const a = new Assignment(4096, members(20));
    const before = a.owners();
    const taken = a.join('replica-new');
    const after = a.owners();
    expect(differing(before, after)).toEqual(taken);
    expect(new Set(taken.map((r) => after[r]))).toEqual(new Set(['replica-new']));
    expect(taken.length).toBeGreaterThan((4096 / 21) * 0.5);
    expect(taken.length).toBeLessThan((4096 / 21) * 1.6);
  });

  it('should undo a join with the leave of the same member', () => {
    const a = new Assignment(512, members(10));
    const before = a.owners();
    a.join('replica-x');
    a.leave('replica-x');
    expect(a.owners()).toEqual(before);
  });

  it('should refuse a member twice and a leave of a stranger', () => {
    const a = new Assignment(16, ['a']);
    expect(() => a.join('a')).toThrow('unable to add member a: already a member');
    expect(() => a.leave('b')).toThrow('unable to remove member b: not a member');
  });
});

describe('selectors per member count', () => {
  it('should keep the ring’s selector near V terms while rendezvous sends about one term per range', () => {
    const highs = hashKeys(20_000, random32(9));
    const rows = byMemberCount({ highs, ranges: 4096, memberCounts: [1, 3, 100] });
    expect(rows.map((r) => r.members)).toEqual([1, 3, 100]);
    for (const row of rows) expect(row.ringTerms).toBeLessThanOrEqual(VIRTUAL_NODES + 1);
    expect(rows[0]?.ringTerms).toBe(1);
    // rendezvous at 3 members: about 4096/3 · 2/3 runs, far over 64 KiB of query string
    expect(rows[1]?.rendezvousBytes).toBeGreaterThan(64 * 1024);
    expect(rows[1]?.ringBytes).toBeLessThan(16 * 1024);
    expect(rendezvousOwners(64, ['a', 'b'])).toHaveLength(64);
  });
});

describe('the simulation', () => {
  it('should report moved keys, imbalance and label writes per change, the same for the same seed', () => {
    const sequence = changes({ members: 20, joins: 2, leaves: 2, failures: 2, seed: 5 });
    expect(sequence.map((c) => c.kind).sort()).toEqual(['failure', 'failure', 'join', 'join', 'leave', 'leave']);
    const highs = hashKeys(20_000, random32(4));
    const run = simulate({ highs, ranges: 1024, members: 20, sequence, modulo: true });
    expect(simulate({ highs: hashKeys(20_000, random32(4)), ranges: 1024, members: 20, sequence })).toEqual({
      ...run,
      rows: run.rows.map(({ moduloFraction: _, ...row }) => row),
    });
    for (const row of run.rows) {
      expect(row.labelWrites).toBe(row.keysMoved);
      expect(Math.abs(row.membersAfter - row.membersBefore)).toBe(1);
      expect(row.movedFraction).toBeGreaterThan(0.3 * row.expectedFraction);
      expect(row.movedFraction).toBeLessThan(2 * row.expectedFraction);
      expect(row.moduloFraction).toBeGreaterThan(0.5); // hash mod N moves most keys on any change
      expect(row.imbalance).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('the simulation and the library', () => {
  it('assign every range to the same member (@operant/core/sharding is what the simulation measures)', () => {
    expect(VIRTUAL_NODES).toBe(DEFAULT_VIRTUAL_NODES);
    expect(
      ringPoints(['replica-000'], 4096, 3)
        .map((p) => p.hash)
        .sort(),
    ).toEqual([0, 1, 2].map((j) => ringPoint('replica-000', j)).sort());
    for (const [count, n] of [
      [64, 3],
      [1024, 8],
      [4096, 100],
    ] as const) {
      const names = members(n);
      const library = new Array<string | undefined>(count);
      for (const [member, ranges] of assignRanges(shardRanges(count), names))
        for (const r of ranges) library[r] = member;
      expect(differing(library, ringOwners(count, names))).toEqual([]);
    }
  });
});
