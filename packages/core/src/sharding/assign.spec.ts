/**
 * assignRanges on the ring: every range to one member, order independence, at most
 * `virtualNodes` runs per member for 1 to 100 members at the default 4,096 ranges, balance,
 * and what moves when a member leaves or joins.
 */
import { describe, expect, it } from '@jest/globals';
import { assignRanges, DEFAULT_VIRTUAL_NODES, ringPoint } from './assign.js';
import { rangeIndex, shardRanges } from './ranges.js';

const members = (n: number, prefix = 'replica') => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
/** Which member owns each range index, from assignRanges' per-member answer. */
function ownerOf(assignment: Map<string, number[]>, count: number): string[] {
  const owners: string[] = new Array(count);
  for (const [member, indexes] of assignment) for (const i of indexes) owners[i] = member;
  return owners;
}
/** Runs of adjacent indexes, counting a run through the last range into range 0 as one. */
function runs(indexes: readonly number[], count: number): number {
  let n = indexes.filter((r, i) => i === 0 || (indexes[i - 1] as number) !== r - 1).length;
  if (n > 1 && indexes[0] === 0 && indexes[indexes.length - 1] === count - 1) n--;
  return n;
}
const moved = (before: string[], after: string[]) => before.flatMap((o, i) => (o === after[i] ? [] : [i]));

describe('assignRanges', () => {
  const ranges = shardRanges(256);

  it('gives every range to exactly one member: the owner of the last point at or before it', () => {
    const names = members(5);
    const assignment = assignRanges(ranges, names, 8);
    expect([...assignment.keys()].sort()).toEqual(names);
    const owners = ownerOf(assignment, ranges.length);
    expect(owners.filter((o) => o === undefined)).toEqual([]);
    const points = names
      .flatMap((m) => Array.from({ length: 8 }, (_, j) => ({ m, h: ringPoint(m, j) })))
      .sort((a, b) => (a.h < b.h ? -1 : 1));
    for (let r = 0; r < ranges.length; r++) {
      const before = points.filter((p) => rangeIndex(p.h, ranges.length) <= r);
      expect(owners[r]).toBe((before[before.length - 1] ?? points[points.length - 1])?.m);
    }
  });

  it('answers the same whatever the order of the members, and counts a duplicate once', () => {
    const names = members(7);
    const a = assignRanges(ranges, names);
    const b = assignRanges(ranges, [...names].reverse().concat(names[2] as string));
    expect([...b.entries()].sort()).toEqual([...a.entries()].sort());
  });

  it('answers an empty map without members, everything to a single member, and refuses no points', () => {
    expect(assignRanges(ranges, []).size).toBe(0);
    expect(assignRanges(ranges, ['only']).get('only')).toHaveLength(256);
    expect(() => assignRanges(ranges, ['a'], 0)).toThrow('unable to assign shard ranges with 0 virtual nodes');
  });

  it('gives each member at most virtualNodes runs of ranges, for 1 to 100 members at 4,096 ranges', () => {
    const count = 4096;
    const all = shardRanges(count);
    let worst = 0;
    for (let n = 1; n <= 100; n++) {
      for (const owned of assignRanges(all, members(n)).values()) worst = Math.max(worst, runs(owned, count));
    }
    expect(worst).toBeGreaterThan(DEFAULT_VIRTUAL_NODES / 2); // the bound is not slack
    expect(worst).toBeLessThanOrEqual(DEFAULT_VIRTUAL_NODES);
  });

  it.each([
    [4096, 3],
    [4096, 10],
    [4096, 100],
    [1024, 8],
  ])('spreads %i ranges over %i members evenly enough (max/mean under 1.4, none empty)', (count, n) => {
    const counts = [...assignRanges(shardRanges(count), members(n)).values()].map((indexes) => indexes.length);
    expect(Math.max(...counts) / (count / n)).toBeLessThan(1.4);
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
    const changed = moved(before, after);
    expect(changed.length).toBe(before.filter((o) => o === gone).length);
    expect(changed.every((i) => before[i] === gone && after[i] !== gone)).toBe(true);
  });

  it.each([1, 4, 20, 99])('moves about count/(N+1) ranges to a member that joins %i, and only to it', (n) => {
    const count = 4096;
    const many = shardRanges(count);
    const names = members(n);
    const before = ownerOf(assignRanges(many, names), count);
    const after = ownerOf(assignRanges(many, [...names, 'newcomer']), count);
    const changed = moved(before, after);
    expect(changed.every((i) => after[i] === 'newcomer')).toBe(true);
    expect(changed.length).toBeGreaterThan((count / (n + 1)) * 0.6);
    expect(changed.length).toBeLessThan((count / (n + 1)) * 1.5);
  });
});
