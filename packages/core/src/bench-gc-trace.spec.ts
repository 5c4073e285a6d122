/**
 * The bench's GC-trace summary (`bench/harness/gc-trace.mjs`): V8's `--trace-gc-nvp` lines
 * summed per kind of collection, with the young generation's last capacity.
 * @module
 */
import { describe, expect, it } from '@jest/globals';
import { summarize } from '../../../bench/harness/gc-trace.mjs';

const line = (ms: number, kind: string, pause: number, promoted: number, capacity: number) =>
  `[1:0x1:0]  ${ms} ms: pause=${pause} mutator=1.0 gc=${kind} reduce_memory=0 scavenge=0.5 ` +
  `allocated=5419616 promoted=${promoted} new_space_survived=499080 new_space_capacity=${capacity}`;

describe('gc-trace summary', () => {
  it('sums count, pause and promoted bytes per kind and keeps the last new-space capacity', () => {
    const text = [
      'a line the peer printed itself',
      line(27, 's', 0.8, 0, 1048576),
      line(33, 's', 0.7, 2 ** 20, 2097152),
      line(90, 'mc', 12.5, 3 * 2 ** 20, 4194304),
      '{"mem":true}',
    ].join('\n');
    const { kinds, newSpaceMiB } = summarize(text);
    expect(kinds.s?.count).toBe(2);
    expect(kinds.s?.pauseMs).toBeCloseTo(1.5);
    expect(kinds.s?.promotedMiB).toBe(1);
    expect(kinds.mc).toEqual({ count: 1, pauseMs: 12.5, promotedMiB: 3 });
    expect(newSpaceMiB).toBe(4);
  });

  it('finds nothing in a trace without collections', () => {
    expect(summarize('no gc here\n')).toEqual({ kinds: {}, newSpaceMiB: undefined });
  });
});
