/**
 * How long a member's selectors can get on the wire, and the bound they must stay under. A
 * selector travels in the query string of every list and watch of a sharded kind, and a
 * request's headers must fit in one HTTP/2 header block (Node refuses to send one over
 * 64 KiB, and the stream fails with a frame error). The worst case of a configuration is
 * known at start: a member's `shardSelector` has at most `virtualNodes + 1` terms (assign.ts)
 * and at most one per two ranges; its range label selector (the label mode, and children
 * under the uid key) names every range it holds, all of them when it is alone.
 * @module
 */
import { rangeLabelSelector } from './labels.js';
import { shardRanges } from './ranges.js';
import { type ShardKey, shardSelector } from './selector.js';

/** The most bytes of query string a member's selector may take: half the HTTP/2 header block, room for the rest. */
export const MAX_SELECTOR_BYTES = 32 * 1024;

/** The bytes `name=value` takes in a query string, encoded as the REST client sends it (`URLSearchParams`). */
export function queryBytes(name: string, value: string): number {
  return new URLSearchParams({ [name]: value }).toString().length;
}

/** The most terms a member's `shardSelector` can have: one per run it holds, and runs are apart. */
const mostTerms = (count: number, virtualNodes: number): number =>
  Math.min(virtualNodes + 1, Math.max(1, Math.floor(count / 2)));

/** The longest `shardSelector` a member can send: as many terms as it can hold runs, the last ending at 2^64. */
export function worstShardSelectorBytes(key: ShardKey, count: number, virtualNodes: number): number {
  const all = shardRanges(count);
  const terms = mostTerms(count, virtualNodes);
  const runs = Array.from({ length: terms }, (_, i) => (i === terms - 1 ? count - 1 : 2 * i));
  return queryBytes(
    'shardSelector',
    shardSelector(
      key,
      runs.map((r) => all[r] as (typeof all)[number]),
    ),
  );
}

/** The longest range label selector a member can send: every range, when it is the only member. */
export function worstLabelSelectorBytes(count: number): number {
  return queryBytes('labelSelector', rangeLabelSelector(Array.from({ length: count }, (_, i) => i)));
}

export interface SelectorBoundInput {
  key: ShardKey;
  ranges: number;
  virtualNodes: number;
  /** `server` sends only the shard selector for the `for` kinds; children under the uid key still use the label. */
  mode: 'auto' | 'server' | 'labels';
}

/** Why a configuration's worst-case selector does not fit under `MAX_SELECTOR_BYTES`; undefined when it fits. */
export function selectorBoundViolation({ key, ranges, virtualNodes, mode }: SelectorBoundInput): string | undefined {
  if (mode !== 'labels') {
    const bytes = worstShardSelectorBytes(key, ranges, virtualNodes);
    if (bytes > MAX_SELECTOR_BYTES) {
      return (
        `sharding.virtualNodes ${virtualNodes} lets a member's shardSelector reach ${bytes} bytes of query string ` +
        `(${mostTerms(ranges, virtualNodes)} terms), over the bound of ${MAX_SELECTOR_BYTES}; ` +
        `use at most ${mostVirtualNodes(key, ranges, virtualNodes)}`
      );
    }
  }
  if (mode !== 'server' || key === 'uid') {
    const bytes = worstLabelSelectorBytes(ranges);
    if (bytes > MAX_SELECTOR_BYTES) {
      return (
        `sharding.ranges ${ranges} lets a member's range label selector reach ${bytes} bytes of query string ` +
        `(every range, when it is alone), over the bound of ${MAX_SELECTOR_BYTES}; use at most ${mostRanges(ranges)}`
      );
    }
  }
  return undefined;
}

/** The most virtual nodes below `above` whose worst-case shard selector fits (a binary search). */
function mostVirtualNodes(key: ShardKey, count: number, above: number): number {
  let lo = 1;
  let hi = above;
  while (lo + 1 < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (worstShardSelectorBytes(key, count, mid) <= MAX_SELECTOR_BYTES) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The largest power of two below `above` whose worst-case label selector fits. */
function mostRanges(above: number): number {
  let count = above / 2;
  while (count > 1 && worstLabelSelectorBytes(count) > MAX_SELECTOR_BYTES) count /= 2;
  return count;
}
