// Workqueue throughput, side by side in one run: Operant's Workqueue and PriorityQueue (every
// key at priority 0, as live events; then listed keys at -100 raised to 0), client-go's workqueue
// (bench/peers/client-go-workqueue, GOMAXPROCS=1), and the floor (an array plus a Set:
// dedup only, no per-key exclusivity, no rate limiting). Workload: 100k keys plus 10%
// duplicate adds, then get/done until empty. Prints a table of median ops/s and ratios.
// Run: pnpm build && node bench/workqueue/bench.mjs [--keys N] [--runs N]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PriorityQueue, Workqueue } from '../../packages/core/dist/workqueue/index.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const keys = arg('keys', 100_000);
const runs = arg('runs', 7);

const adds = [];
const duplicate = []; // whether the add at that index is one of the 10% duplicates
for (let i = 0; i < keys; i++) {
  adds.push(`ns-${i % 100}/obj-${i}`);
  duplicate.push(false);
  if (i % 10 === 0) {
    adds.push(`ns-${((i / 2) % 100) | 0}/obj-${(i / 2) | 0}`);
    duplicate.push(true);
  }
}

/** `add(q, key, i)` queues the i-th add. */
const operant = (Queue, add) => () => {
  const q = new Queue();
  const start = performance.now();
  for (let i = 0; i < adds.length; i++) add(q, adds[i], i);
  let ops = adds.length;
  for (let k = q.tryGet(); k !== undefined; k = q.tryGet()) {
    q.done(k);
    ops += 2;
  }
  const seconds = (performance.now() - start) / 1000;
  q.shutDown();
  return { seconds, ops };
};
const plainAdd = (q, key) => q.add(key);
// the first adds come as an initial list (-100); the 10% duplicates as live events (0) raise them
const listedThenLive = (q, key, i) => q.addWithOptions(key, { priority: duplicate[i] ? 0 : -100 });

function floor() {
  const fifo = [];
  const queued = new Set();
  let head = 0;
  const start = performance.now();
  for (const k of adds) {
    if (queued.has(k)) continue;
    queued.add(k);
    fifo.push(k);
  }
  let ops = adds.length;
  while (head < fifo.length) {
    queued.delete(fifo[head++]);
    ops += 2;
  }
  return { seconds: (performance.now() - start) / 1000, ops };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const measure = (fn) => {
  fn(); // warm-up
  return median(
    Array.from({ length: runs }, () => {
      const r = fn();
      return r.ops / r.seconds;
    }),
  );
};

const results = [
  { impl: 'Operant Workqueue', opsPerSecond: measure(operant(Workqueue, plainAdd)) },
  { impl: 'Operant PriorityQueue, one priority', opsPerSecond: measure(operant(PriorityQueue, plainAdd)) },
  { impl: 'Operant PriorityQueue, listed then raised', opsPerSecond: measure(operant(PriorityQueue, listedThenLive)) },
  { impl: 'floor (array + Set)', opsPerSecond: measure(floor) },
];
try {
  const dir = fileURLToPath(new URL('../peers/client-go-workqueue/', import.meta.url));
  const bin = '/tmp/operant-bench-client-go-workqueue';
  execFileSync('go', ['build', '-o', bin, '.'], { cwd: dir, stdio: 'inherit' });
  const lines = execFileSync(bin, ['-keys', String(keys), '-runs', String(runs)], {
    env: { ...process.env, GOMAXPROCS: '1' },
  })
    .toString()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  results.push({
    impl: 'client-go workqueue (Go, GOMAXPROCS=1)',
    opsPerSecond: median(lines.map((l) => l.ops / l.seconds)),
  });
} catch (err) {
  results.push({ impl: `client-go workqueue: not run (${err.message.split('\n')[0]})`, opsPerSecond: Number.NaN });
}

const base = results[0].opsPerSecond;
console.log(
  `workqueue: ${keys} keys + ${adds.length - keys} duplicate adds, add all then get/done until empty; median of ${runs}`,
);
console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
console.log('| implementation | ops/s | vs Operant |');
console.log('|---|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.impl} | ${Number.isNaN(r.opsPerSecond) ? '—' : Math.round(r.opsPerSecond).toLocaleString('en')} | ${Number.isNaN(r.opsPerSecond) ? '—' : (r.opsPerSecond / base).toFixed(2)} |`,
  );
}
