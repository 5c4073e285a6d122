/**
 * The sharding simulation: 1,000,000 keys (random v4 UUIDs, seeded) over 100 replicas on
 * the assignment ring (V points per member), then joins, clean leaves and failures in a
 * seeded order, run once per range count R. Per change: the fraction of keys moved beside
 * 1/N, the imbalance (max/mean keys per replica), and the fallback sharder's label writes;
 * per R: imbalance and the size of the `shardSelector` a replica sends; per member count N
 * (1 to 100, at R = --detail): the largest selector in bytes of query string (beside
 * rendezvous hashing's, which scatters a member's ranges), imbalance, and the keys a join
 * and a leave move. Prints the tables and writes report.md, results.json and two SVG charts
 * to bench/results/<date>-sharding/. No cluster: the assignment only. The same changes with
 * the namespace as the shard key: the keys spread over --namespaces namespaces of even
 * sizes, then of Zipf sizes (a namespace never splits across replicas).
 * Run: pnpm bench:sharding [-- --keys 1000000 --members 100 --ranges 256,1024,4096,16384
 *   --detail 4096 --virtual-nodes 128 --joins 10 --leaves 10 --failures 10 --namespaces 1000
 *   --seed 22 --out <dir>]
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { imbalanceChart, movedChart } from './charts.mjs';
import {
  byMemberCount,
  changes,
  hashKeys,
  hashNamespacedKeys,
  namespaceNames,
  random32,
  simulate,
} from './simulate.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
};
const keys = Number(arg('keys', 1_000_000));
const members = Number(arg('members', 100));
const rangeCounts = String(arg('ranges', '256,1024,4096,16384')).split(',').map(Number);
const detail = Number(arg('detail', 4096));
const virtualNodes = Number(arg('virtual-nodes', 128));
const memberCounts = [1, 2, 3, 4, 5, 8, 10, 16, 20, 32, 50, 64, 100];
const seed = Number(arg('seed', 22));
const namespaces = Number(arg('namespaces', 1000));
const counts = {
  joins: Number(arg('joins', 10)),
  leaves: Number(arg('leaves', 10)),
  failures: Number(arg('failures', 10)),
};
const date = new Date().toISOString().slice(0, 10);
const out = arg('out', fileURLToPath(new URL(`../results/${date}-sharding/`, import.meta.url)));
if (!rangeCounts.includes(detail)) rangeCounts.push(detail);

const fmt = (v, digits = 3) => v.toFixed(digits);
const int = (v) => Math.round(v).toLocaleString('en-US');
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

const t0 = performance.now();
const highs = hashKeys(keys, random32(seed));
const hashMs = performance.now() - t0;
const sequence = changes({ members, ...counts, seed: seed + 1 });
const runs = rangeCounts.map((ranges) => {
  const t = performance.now();
  const run = simulate({ highs, ranges, members, sequence, virtualNodes, modulo: ranges === detail });
  return { ...run, ms: performance.now() - t };
});
const byNamespace = [
  { names: 'ns-0000, ns-0001, …', sizes: 'even', sequential: true, skew: 0 },
  { names: 'random', sizes: 'even', sequential: false, skew: 0 },
  { names: 'random', sizes: 'Zipf', sequential: false, skew: 1 },
].map(({ names, sizes, sequential, skew }) => {
  const next = random32(seed + 2);
  const nsHighs = hashNamespacedKeys(keys, namespaceNames(namespaces, sequential, next), skew, next);
  return {
    names,
    sizes,
    runs: rangeCounts.map((ranges) => simulate({ highs: nsHighs, ranges, members, sequence, virtualNodes })),
  };
});
// every N from 1 to 100 for the ring's worst selector; the listed N for the table (rendezvous costs R × N weights)
const perCount = byMemberCount({ highs, ranges: detail, memberCounts, virtualNodes });
const everyCount = byMemberCount({
  highs,
  ranges: detail,
  memberCounts: Array.from({ length: 100 }, (_, i) => i + 1),
  virtualNodes,
  rendezvous: false,
});
const worstRing = Math.max(...everyCount.map((r) => r.ringBytes));
const worstImbalance = Math.max(...everyCount.filter((r) => r.members > 1).map((r) => r.imbalance));
const totalMs = performance.now() - t0;

function summary({ ranges, start, rows }) {
  const ratios = rows.map((r) => r.movedFraction / r.expectedFraction);
  return {
    ranges,
    startImbalance: start.imbalance,
    meanImbalance: mean(rows.map((r) => r.imbalance)),
    maxImbalance: Math.max(start.imbalance, ...rows.map((r) => r.imbalance)),
    meanMovedOverExpected: mean(ratios),
    minMovedOverExpected: Math.min(...ratios),
    maxMovedOverExpected: Math.max(...ratios),
    maxKeysPerMember: start.max,
    minKeysPerMember: start.min,
    selectorTerms: start.selector.meanTerms,
    selectorBytes: start.selector.meanBytes,
    selectorMaxBytes: start.selector.maxBytes,
    selectorMaxWireBytes: start.selector.maxWireBytes,
    labelSelectorBytes: start.selector.meanLabelBytes,
  };
}
const summaries = runs.map(summary);
const main = runs.find((r) => r.ranges === detail);

const changeTable = [
  '| # | change | member | N before → after | ranges moved | keys moved | moved fraction | 1/N | imbalance after | owner-label writes | hash mod N moved |',
  '| -: | --- | --- | --- | -: | -: | -: | -: | -: | -: | -: |',
  ...main.rows.map(
    (r, i) =>
      `| ${i + 1} | ${r.kind} | ${r.member} | ${r.membersBefore} → ${r.membersAfter} | ${r.rangesMoved} | ${int(r.keysMoved)} | ${fmt(r.movedFraction, 4)} | ${fmt(r.expectedFraction, 4)} | ${fmt(r.imbalance)} | ${int(r.labelWrites)} | ${fmt(r.moduloFraction, 4)} |`,
  ),
];
const rangeTable = [
  '| R | keys per member at start: min–max | imbalance at start | mean imbalance | worst imbalance | moved / (1/N): mean (min–max) | selector terms | selector chars (max) | selector query bytes (max) | label selector chars |',
  '| -: | --- | -: | -: | -: | --- | -: | -: | -: | -: |',
  ...summaries.map(
    (s) =>
      `| ${s.ranges} | ${int(s.minKeysPerMember)}–${int(s.maxKeysPerMember)} | ${fmt(s.startImbalance)} | ${fmt(s.meanImbalance)} | ${fmt(s.maxImbalance)} | ${fmt(s.meanMovedOverExpected, 2)} (${fmt(s.minMovedOverExpected, 2)}–${fmt(s.maxMovedOverExpected, 2)}) | ${fmt(s.selectorTerms, 1)} | ${int(s.selectorBytes)} (${int(s.selectorMaxBytes)}) | ${int(s.selectorMaxWireBytes)} | ${int(s.labelSelectorBytes)} |`,
  ),
];
const countTable = [
  '| members N | ring: largest shardSelector, bytes (terms) | rendezvous: largest shardSelector, bytes | largest label selector, bytes | imbalance (max/mean keys) | join N → N+1: moved / (1/(N+1)) | leave N → N−1: moved / (1/N) |',
  '| -: | -: | -: | -: | -: | -: | -: |',
  ...perCount.map(
    (r) =>
      `| ${r.members} | ${int(r.ringBytes)} (${r.ringTerms}) | ${int(r.rendezvousBytes)} | ${int(r.labelBytes)} | ${fmt(r.imbalance)} | ${fmt(r.joinMovedOverExpected, 2)} | ${r.leaveMovedOverExpected === undefined ? '–' : fmt(r.leaveMovedOverExpected, 2)} |`,
  ),
];
const namespaceSummaries = byNamespace.map(({ names, sizes, runs }) => ({
  names,
  sizes,
  rangesUsed: runs.map((r) => ({ ranges: r.ranges, used: r.start.rangesUsed })),
  summaries: runs.map(summary),
}));
const namespaceTable = [
  '| names | sizes | R | ranges holding objects | keys per member at start: min–max | imbalance at start | mean imbalance | worst imbalance | moved / (1/N): mean (min–max) |',
  '| --- | --- | -: | -: | --- | -: | -: | -: | --- |',
  ...namespaceSummaries.flatMap(({ names, sizes, rangesUsed, summaries }) =>
    summaries.map(
      (s, i) =>
        `| ${names} | ${sizes} | ${s.ranges} | ${int(rangesUsed[i].used)} | ${int(s.minKeysPerMember)}–${int(s.maxKeysPerMember)} | ${fmt(s.startImbalance)} | ${fmt(s.meanImbalance)} | ${fmt(s.maxImbalance)} | ${fmt(s.meanMovedOverExpected, 2)} (${fmt(s.minMovedOverExpected, 2)}–${fmt(s.maxMovedOverExpected, 2)}) |`,
    ),
  ),
];
const byKind = (kind) => main.rows.filter((r) => r.kind === kind);
const kindLine = (kind) => {
  const rows = byKind(kind);
  return `${rows.length} ${kind}s: mean moved fraction ${fmt(mean(rows.map((r) => r.movedFraction)), 4)} (1/N ${fmt(mean(rows.map((r) => r.expectedFraction)), 4)}), mean owner-label writes ${int(mean(rows.map((r) => r.labelWrites)))}`;
};
const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
  .loadavg()
  .map((v) => v.toFixed(1))
  .join(' ')}, Node ${process.versions.node}`;

const report = `# Sharding simulation (${date})

\`pnpm bench:sharding\` (\`node bench/sharding/run.mjs --keys ${keys} --members ${members} --ranges ${rangeCounts.join(',')} --detail ${detail} --joins ${counts.joins} --leaves ${counts.leaves} --failures ${counts.failures} --seed ${seed}\`): the assignment of docs/sharding.md, no cluster. ${int(keys)} keys (random v4 UUIDs) hashed with 64-bit FNV-1a (the API server's shard hash); the hash space cut into R ranges; the ranges owned on a consistent-hash ring with ${virtualNodes} points per member on range boundaries (point j of member m at the range of fmix64(FNV-1a(m) XOR FNV-1a(j)); a point owns the ranges up to the next point); ${members} members at the start, then ${sequence.length} changes in a seeded order. A failure is a leave in assignment terms (its ranges move once its Lease expires instead of at once); it is counted apart. Owner-label writes: what a fallback sharder (servers without \`shardSelector\`) would write if each object's label named its owning replica: one label patch per moved object. With the server-side selector, or with labels that name the object's range (docs/sharding.md), a membership change writes no object.

Hashing the keys: ${int(hashMs)} ms; whole run ${int(totalMs)} ms on ${machine}.

## Per change, R = ${detail}

${changeTable.join('\n')}

${['join', 'leave', 'failure'].map(kindLine).join('\n\n')}

## Per member count, R = ${detail}

The largest \`shardSelector\` any member sends, in bytes of query string as the REST client encodes it (\`URLSearchParams\`), on the ring (${virtualNodes} points per member: at most ${virtualNodes} runs of ranges, so at most ${virtualNodes + 1} terms) and, for contrast, under rendezvous hashing of (range, member), which scatters a member's ranges; the largest range label selector (the label mode, children); the ring's imbalance; the keys a join and a leave of the last member move, over the share they must move. Node refuses to send an HTTP/2 header block over 64 KiB; Operant refuses a configuration whose worst case passes 32 KiB.

${countTable.join('\n')}

Over every N from 1 to 100: the largest ring selector ${int(worstRing)} bytes; the worst imbalance ${fmt(worstImbalance)}.

## Per range count

Imbalance is max/mean keys per member (1 is even; the busiest replica's cache is this many times the mean). Moved / (1/N): the keys moved by a change over the 1/N share a joiner takes or a leaver had (1 is the minimum any assignment can do). Selector: the \`shardRange()\` terms (adjacent ranges merged) and characters of one member's \`shardSelector\` at the start, mean and max over members; label selector: the characters of the fallback's \`operant.dev/shard-range in (…)\`, mean over members.

${rangeTable.join('\n')}

## Namespace as the shard key

The same ${int(keys)} objects and changes, keyed by namespace: ${int(namespaces)} namespaces named \`ns-0000\`, \`ns-0001\`, … or \`ns-\` and 8 random characters, of even sizes or Zipf sizes (the k-th largest holds a share proportional to 1/k; the largest ${fmt(100 / Array.from({ length: namespaces }, (_, k) => 1 / (k + 1)).reduce((a, b) => a + b, 0), 1)} % of the objects). All of a namespace's objects hash alike, so a namespace never splits: its replica carries it whole. FNV-1a's last bytes move only its low and middle bits, so names that differ only at the end hash close together and share a range (no R splits them): "ranges holding objects" counts the ranges that hold any.

${namespaceTable.join('\n')}

![moved fraction per change](moved.svg)

![imbalance vs R](imbalance.svg)
`;

const moved = await movedChart({ rows: main.rows, ranges: detail, keys });
const imbalance = await imbalanceChart({ summaries, members });

mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'report.md'), report);
writeFileSync(join(out, 'moved.svg'), moved);
writeFileSync(join(out, 'imbalance.svg'), imbalance);
writeFileSync(
  join(out, 'results.json'),
  `${JSON.stringify({ date, machine, keys, members, virtualNodes, seed, counts, hashMs, totalMs, summaries, perCount, everyCount, runs, namespaces, namespaceSummaries }, null, 2)}\n`,
);
process.stdout.write(
  `${countTable.join('\n')}\n\nring, N = 1 … 100: largest selector ${int(worstRing)} bytes, worst imbalance ${fmt(worstImbalance)}\n\n${changeTable.join('\n')}\n\n${rangeTable.join('\n')}\n\n${namespaceTable.join('\n')}\n\nwrote ${out}\n`,
);
