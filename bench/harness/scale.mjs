/**
 * The scale profile (`--profile scale`): how each peer's cost grows with the cluster.
 * - `scale-burst`: per N, a fresh control plane; the peer starts, N Widgets are created at
 *   full speed, all converge, then spec changes at a fixed rate (S3's churn): converge time,
 *   CPU-s per 1k reconciles, peak RSS, RSS and heap per Widget over the empty process, churn
 *   p50/p99.
 * - `scale-cache`: one control plane for every size and peer; ConfigMaps (~1 KB) are created
 *   up to each size before the peers start one after the other: initial sync time (start →
 *   a changed Widget converged), peak RSS, RSS and heap per ConfigMap over the same peer on
 *   no ConfigMaps. The floor watches no ConfigMaps (as in S4): its row is a process that
 *   does not cache them.
 * - `scale-cold`: S1 (N Widgets exist, then the peer starts) at each N.
 * Every run's metrics carry `n`, the size it ran at.
 * @module
 */
import { startControlPlane } from './control-plane.mjs';
import { perObject } from './growth.mjs';
import { connect } from './kube-http.mjs';
import { createConfigMaps, createWidgets, Observer, percentile, touchWidget } from './loadgen.mjs';
import { startPeer } from './peer-process.mjs';
import { peerById } from './peers.mjs';
import { churn, describeExit, s1ColdStart, withRun } from './scenarios.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Idle keep-alive connections (undici: 4 s) close before a memory measurement, as in S4. */
const SETTLE_MS = 6000;

export const SCALE_PARTS = ['scale-burst', 'scale-cache', 'scale-cold'];

/** Heap growth per object from two `mem` answers, undefined when either has no heap figure. */
const heapPer = (m0, m1, n) =>
  typeof m0?.heapBytes === 'number' && typeof m1?.heapBytes === 'number'
    ? (m1.heapBytes - m0.heapBytes) / n
    : undefined;

/** `scale-burst` at `o.n` Widgets: burst, converge, settle, measure, then churn at `o.rate`/s for `o.seconds`. */
export async function burstAtSize(peer, o) {
  return withRun(peer, o, async (ctx) => {
    const { mem: m0, rss: rss0 } = await ctx.startIdle();
    const cpu0 = ctx.proc.cpuSeconds();
    const t0 = performance.now();
    await createWidgets(ctx.kube, 0, o.n);
    const ok = await ctx.observer.waitConverged(o.n + 1, o.timeoutMs, ctx.dead);
    const seconds = (performance.now() - t0) / 1000;
    const cpuSeconds = ctx.proc.cpuSeconds() - cpu0;
    const peakRssBytes = ctx.proc.peakRss;
    await sleep(SETTLE_MS);
    const m1 = await ctx.proc.mem();
    const rss1 = ctx.proc.rss();
    const updates = ok ? await churn(ctx, o) : 0;
    const lat = ctx.observer.latencies;
    return {
      ok: ok && ctx.observer.pending.size === 0 && !ctx.dead(),
      n: o.n,
      seconds,
      cpuSeconds,
      cpuSecondsPer1k: (cpuSeconds / o.n) * 1000,
      peakRssBytes,
      rssBaseBytes: rss0,
      rssBytes: rss1,
      rssGrowthBytes: rss1 - rss0,
      rssPerObject: (rss1 - rss0) / o.n,
      heapBaseBytes: m0?.heapBytes,
      heapBytes: m1?.heapBytes,
      heapGrowthBytes: heapPer(m0, m1, 1),
      heapPerObject: heapPer(m0, m1, o.n),
      updates,
      lost: ctx.observer.pending.size,
      p50Ms: percentile(lat, 50),
      p99Ms: percentile(lat, 99),
      exit: ctx.proc.exit ? describeExit(ctx.proc) : undefined,
    };
  });
}

/** `scale-cold` at `o.n` Widgets: S1's figures plus the size. */
export async function coldAtSize(peer, o) {
  return { ...(await s1ColdStart(peer, o)), n: o.n };
}

/**
 * One peer started on `m` cached ConfigMaps: the probe Widget (index 0) is changed first, so
 * its convergence marks the peer started and its caches synced.
 */
async function cacheRun(plane, observer, peer, m, o) {
  await touchWidget(plane.kube, observer, 0);
  const t0 = performance.now();
  const proc = startPeer(peer, { kubeconfig: plane.kubeconfig, workers: o.workers });
  try {
    const deadline = t0 + o.timeoutMs;
    while (observer.pending.size > 0 && performance.now() < deadline && proc.exit === undefined) await sleep(5);
    const ok = observer.pending.size === 0;
    const syncSeconds = (performance.now() - t0) / 1000;
    await sleep(SETTLE_MS);
    const mem = await proc.mem();
    return {
      ok: ok && proc.exit === undefined,
      n: m,
      syncSeconds,
      peakRssBytes: proc.peakRss,
      rssBytes: proc.rss(),
      heapBytes: mem?.heapBytes,
      exit: proc.exit ? describeExit(proc) : undefined,
    };
  } finally {
    await proc.stop();
  }
}

/**
 * `scale-cache`: one control plane; for 0 and each size in `sizes.configMaps` (ascending),
 * ConfigMaps are created up to it over one HTTP/2 connection (`sizes.concurrency` in flight),
 * then every peer starts on them in turn (order reversed on odd repetitions).
 */
async function cacheSweep(peerIds, sizes, reps, log) {
  const runs = [];
  const plane = await startControlPlane();
  const observer = new Observer(plane.kube);
  const writer = connect(plane.kubeconfig, { http2: true });
  try {
    await observer.informer.synced;
    await createWidgets(plane.kube, 0, 1);
    let created = 0;
    for (const m of [0, ...[...sizes.configMaps].sort((a, b) => a - b)]) {
      const t0 = performance.now();
      await createConfigMaps(writer, m, { from: created, concurrency: sizes.concurrency });
      const s = (performance.now() - t0) / 1000;
      if (m > created)
        log(
          `scale-cache: created ${m - created} ConfigMaps in ${s.toFixed(0)} s (${((m - created) / s).toFixed(0)}/s)`,
        );
      created = Math.max(created, m);
      for (let rep = 0; rep < reps; rep++) {
        for (const id of rep % 2 === 0 ? peerIds : [...peerIds].reverse()) {
          runs.push(
            await timed(log, 'scale-cache', id, rep, m, () => cacheRun(plane, observer, peerById(id), m, sizes)),
          );
        }
      }
    }
  } finally {
    writer.close();
    observer.stop();
    await plane.stop().catch(() => undefined);
  }
  return perObject(runs);
}

/** Runs `body`, logs a line and returns the run record (an error is recorded, not thrown). */
async function timed(log, part, id, rep, n, body) {
  const t0 = performance.now();
  try {
    const metrics = await body();
    log(`${part} ${id} n=${n} rep ${rep}: ${brief(metrics)} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    return { scenario: part, peer: id, rep, metrics };
  } catch (err) {
    log(`${part} ${id} n=${n} rep ${rep}: error ${err.message}`);
    return { scenario: part, peer: id, rep, n, error: String(err.message) };
  }
}

function brief(m) {
  const parts = [];
  if (m.seconds !== undefined) parts.push(`converged in ${m.seconds.toFixed(2)} s`);
  if (m.syncSeconds !== undefined) parts.push(`synced in ${m.syncSeconds.toFixed(2)} s`);
  if (m.cpuSecondsPer1k !== undefined) parts.push(`${m.cpuSecondsPer1k.toFixed(2)} CPU-s/1k`);
  if (m.peakRssBytes !== undefined) parts.push(`peak RSS ${(m.peakRssBytes / 2 ** 20).toFixed(1)} MiB`);
  if (m.rssPerObject !== undefined) parts.push(`RSS ${m.rssPerObject.toFixed(0)} B/object`);
  if (m.p99Ms !== undefined) parts.push(`churn p50 ${m.p50Ms.toFixed(1)} ms p99 ${m.p99Ms.toFixed(1)} ms`);
  parts.push(m.ok ? 'ok' : 'NOT OK');
  if (m.exit) parts.push(m.exit);
  return parts.join(', ');
}

/**
 * Runs the parts of the scale profile in `parts` for `peerIds`, `reps` times each (order
 * interleaved per repetition); `sizes` holds each part's sizes. Resolves the run records.
 */
export async function runScale({ parts, peerIds, sizes, reps, log }) {
  const runs = [];
  const perSize = async (part, run) => {
    const { ns, ...rest } = sizes[part];
    for (const n of ns) {
      for (let rep = 0; rep < reps; rep++) {
        for (const id of rep % 2 === 0 ? peerIds : [...peerIds].reverse()) {
          runs.push(await timed(log, part, id, rep, n, () => run(peerById(id), { ...rest, n })));
        }
      }
    }
  };
  if (parts.includes('scale-burst')) await perSize('scale-burst', burstAtSize);
  if (parts.includes('scale-cache')) runs.push(...(await cacheSweep(peerIds, sizes['scale-cache'], reps, log)));
  if (parts.includes('scale-cold')) await perSize('scale-cold', coldAtSize);
  return runs;
}
