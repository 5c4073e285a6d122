/**
 * assignRanges: every range to one member (the highest weight), order independence,
 * balance, and what moves when a member leaves or joins.
 */
import { describe, expect, it } from '@jest/globals';
import { assignRanges, rangeWeight } from './assign.js';
import { shardRanges } from './ranges.js';

const members = (n: number, prefix = 'replica') => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
/** Which member owns each range index, from assignRanges' per-member answer. */
function ownerOf(assignment: Map<string, number[]>, count: number): string[] {
  const owners: string[] = new Array(count);
  for (const [member, indexes] of assignment) for (const i of indexes) owners[i] = member;
  return owners;
}

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

  // unmixed FNV-1a weights give max/mean 3.91 (and a member with none) at 1,024 over 8, 2.53 at 64 over 3
  it.each([
    [1024, 8],
    [64, 3],
  ])('spreads %i ranges over %i members evenly enough (max/mean under 1.5, none empty)', (count, n) => {
    const assignment = assignRanges(shardRanges(count), members(n));
    const counts = [...assignment.values()].map((indexes) => indexes.length);
    expect(Math.max(...counts) / (count / n)).toBeLessThan(1.5);
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
