/**
 * Sums V8's GC trace of a peer (`--trace-gc-nvp`, one line per collection): per kind
 * (`s` scavenge, `ms`/`mc` mark-compact, `mmc` minor mark-sweep), how many, their total pause,
 * what they promoted into the old generation, and the young-generation capacity at the end.
 * Usage, with the peer's stdout copied by the harness:
 *   BENCH_PEER_STDOUT=/tmp/gc BENCH_NODE_FLAGS=--trace-gc-nvp node bench/harness/run.mjs …
 *   node bench/harness/gc-trace.mjs /tmp/gc.<pid> …
 * @module
 */
import { readFileSync } from 'node:fs';

/** The collections of one trace, summed per kind. */
export function summarize(text) {
  const kinds = {};
  let newSpace;
  for (const line of text.split('\n')) {
    if (!line.includes(' gc=')) continue;
    const field = (name) => Number(new RegExp(`\\b${name}=([0-9.]+)`).exec(line)?.[1] ?? 0);
    const kind = /\bgc=(\w+)/.exec(line)?.[1] ?? '?';
    kinds[kind] ??= { count: 0, pauseMs: 0, promotedMiB: 0 };
    const k = kinds[kind];
    k.count++;
    k.pauseMs += field('pause');
    k.promotedMiB += field('promoted') / 2 ** 20;
    newSpace = field('new_space_capacity') || newSpace;
  }
  return { kinds, newSpaceMiB: newSpace === undefined ? undefined : newSpace / 2 ** 20 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of process.argv.slice(2)) {
    const { kinds, newSpaceMiB } = summarize(readFileSync(file, 'utf8'));
    const parts = Object.entries(kinds).map(
      ([kind, k]) => `${kind}: ${k.count}, ${k.pauseMs.toFixed(0)} ms, ${k.promotedMiB.toFixed(1)} MiB promoted`,
    );
    console.log(`${file}  new space ${newSpaceMiB ?? '?'} MiB  ${parts.join('  ')}`);
  }
}
