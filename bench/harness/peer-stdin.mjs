/**
 * The peer side of the harness protocol for Node peers: a line `mem` on stdin prints one JSON
 * line `{ mem, heapBytes, rssBytes, reconciles, writes }` (after a GC when `--expose-gc`).
 * @module
 */
import { createInterface } from 'node:readline';

export const counters = { reconciles: 0, writes: 0 };

export function serveMem() {
  const rl = createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    if (line.trim() !== 'mem') return;
    globalThis.gc?.();
    globalThis.gc?.();
    const m = process.memoryUsage();
    process.stdout.write(`${JSON.stringify({ mem: true, heapBytes: m.heapUsed, rssBytes: m.rss, ...counters })}\n`);
  });
  rl.on('close', () => process.exit(0));
}
