/**
 * The names sharding writes on the API server: the label and annotations of the members'
 * Leases, the range label of the fallback (and of children stamped with their owner's
 * range), and the compact text form of a set of range indexes (`0-3,17,400-402`).
 * @module
 */

/** On every member's Lease: the shard group it belongs to. */
export const SHARD_GROUP_LABEL = 'operant.dev/shard-group';
/** On a member's Lease: its shard configuration, `uid/4096/ring-128/server` (key, ranges, assignment, mode). */
export const SHARD_CONFIG_ANNOTATION = 'operant.dev/shard-config';
/** On a member's Lease: the ranges it holds, as runs (`formatRuns`). */
export const SHARD_RANGES_ANNOTATION = 'operant.dev/shard-ranges';
/** On a sharded object (label fallback) or a child of one: the index of its (owner's) range. */
export const SHARD_RANGE_LABEL = 'operant.dev/shard-range';

/** The label selector of objects in `ranges` (sorted): `operant.dev/shard-range in (0,1,17)`. */
export function rangeLabelSelector(ranges: Iterable<number>): string {
  return `${SHARD_RANGE_LABEL} in (${[...ranges].sort((a, b) => a - b).join(',')})`;
}

/** `[0,1,2,3,17]` → `0-3,17`; sorted, duplicates once; `''` for none. */
export function formatRuns(indexes: Iterable<number>): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && (sorted[j + 1] as number) === (sorted[j] as number) + 1) j++;
    runs.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return runs.join(',');
}

/** `0-3,17` → `[0,1,2,3,17]`; throws a RangeError naming the text on anything else. */
export function parseRuns(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const match = /^\s*(\d+)(?:-(\d+))?\s*$/.exec(part);
    const lo = match === null ? Number.NaN : Number(match[1]);
    const hi = match?.[2] === undefined ? lo : Number(match[2]);
    if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || hi < lo) {
      throw new RangeError(
        `unable to read the shard ranges ${JSON.stringify(text)}: ${JSON.stringify(part)} is not N or N-M`,
      );
    }
    for (let i = lo; i <= hi; i++) out.push(i);
  }
  return out;
}
