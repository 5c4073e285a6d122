/**
 * The scenarios (see /bench/README.md): each runs one peer on a fresh control plane and
 * returns its metrics. S1 cold start, S2 burst, S3 churn latency, S4 memory per object,
 * S5 kube-apiserver restart mid-burst, S7 quiet-period latency, S8 a change during the
 * initial sync (the priority queue); requests per reconcile come from the API server's
 * `apiserver_request_total`.
 * @module
 */
import { startControlPlane, widgetKey } from './control-plane.mjs';
import { createConfigMaps, createWidgets, Observer, percentile, touchWidget, verify } from './loadgen.mjs';
import { startPeer } from './peer-process.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const WARMUP = {
  apiVersion: 'bench.operant.dev/v1',
  kind: 'Widget',
  metadata: { namespace: 'bench-0', name: 'warmup' },
  spec: { replicas: 1, data: 'warmup' },
};

/** Fresh control plane + observer + peer; `body` gets a context; everything is stopped after. */
export async function withRun(peer, options, body) {
  const plane = await startControlPlane();
  const observer = new Observer(plane.kube);
  let proc;
  const ctx = {
    plane,
    observer,
    kube: plane.kube,
    get proc() {
      return proc;
    },
    start(extraEnv) {
      proc = startPeer(peer, { kubeconfig: plane.kubeconfig, workers: options.workers, extraEnv });
      return proc;
    },
    dead: () => proc?.exit !== undefined,
    /** Starts the peer, creates N Widgets and waits until all converged. */
    async startConverged(n) {
      ctx.start();
      await ctx.warmup();
      await createWidgets(plane.kube, 0, n);
      await observer.waitConverged(n + 1, options.timeoutMs, ctx.dead);
    },
    /** Starts the peer on no Widgets, waits for the warm-up Widget and 2 s: its heap (`mem`) and RSS then. */
    async startIdle() {
      ctx.start();
      await ctx.warmup();
      await sleep(2000);
      const mem = await proc.mem();
      return { mem, rss: proc.rss(), rssAnon: proc.rssAnon() };
    },
    /** Creates the warm-up Widget and waits until the peer converged it (controller up and synced). */
    async warmup() {
      await plane.kube.must('POST', '/apis/bench.operant.dev/v1/namespaces/bench-0/widgets', WARMUP);
      const target = observer.convergedCount + 1;
      if (!(await observer.waitConverged(target, options.timeoutMs, ctx.dead))) {
        throw new Error(`peer did not converge the warm-up Widget (${describeExit(proc)})`);
      }
    },
  };
  try {
    await observer.informer.synced;
    return await body(ctx);
  } finally {
    observer.stop();
    await proc?.stop();
    await plane.stop().catch(() => undefined);
  }
}

export const describeExit = (proc) =>
  proc?.exit === undefined
    ? 'still running'
    : `exited code=${proc.exit.code} signal=${proc.exit.signal}: ${proc.stderrTail().split('\n').slice(-3).join(' | ')}`;

/** Peak RSS of the peer and how it exited, if it did. */
export const processFacts = (ctx) => ({
  peakRssBytes: ctx.proc.peakRss,
  exit: ctx.proc.exit ? describeExit(ctx.proc) : undefined,
});

/** Requests the peer sent to widgets/configmaps between two scrapes, without the load generator's. */
export async function requestsBetween(ctx, before, loadgenBefore) {
  const loadgen = ctx.kube.requests - loadgenBefore;
  const after = await ctx.plane.requestTotals();
  const byVerb = {};
  let total = 0;
  for (const [key, value] of Object.entries(after)) {
    const delta = value - (before[key] ?? 0);
    if (delta === 0 || key.startsWith('WATCH')) continue;
    byVerb[key] = delta;
    total += delta;
  }
  return { byVerb, controller: total - loadgen };
}

/** The API server's request totals, the load generator's request count and the peer's CPU seconds now. */
export async function snapshot(ctx) {
  const totals = await ctx.plane.requestTotals();
  return {
    totals,
    loadgen: ctx.kube.requests,
    cpu: ctx.proc?.cpuSeconds() ?? 0,
    threads: ctx.proc?.threadCpuSeconds(),
  };
}

/** CPU seconds per thread kind since `before` (see `threadCpuSeconds`). */
function threadCpuSince(ctx, before) {
  const now = ctx.proc.threadCpuSeconds();
  const since = {};
  for (const [name, seconds] of Object.entries(now)) since[name] = seconds - (before.threads?.[name] ?? 0);
  return since;
}

function finish(ctx, { ok, seconds, n, before, requests }) {
  const cpu = ctx.proc.cpuSeconds() - before.cpu;
  return {
    ok,
    seconds,
    objects: n,
    objectsPerSecond: n / seconds,
    ...processFacts(ctx),
    cpuSeconds: cpu,
    cpuSecondsPer1k: (cpu / n) * 1000,
    cpuSecondsByThread: threadCpuSince(ctx, before),
    requestsPerReconcile: requests.controller / n,
    requestsByVerb: requests.byVerb,
  };
}

/** S1: N Widgets exist, then the controller starts: time until all converged once. */
export async function s1ColdStart(peer, o) {
  return withRun(peer, o, async (ctx) => {
    await createWidgets(ctx.kube, 0, o.n);
    const before = await snapshot(ctx);
    ctx.observer.resetClock();
    const t0 = performance.now();
    ctx.start();
    const ok = await ctx.observer.waitConverged(o.n, o.timeoutMs, ctx.dead);
    const seconds = (performance.now() - t0) / 1000;
    const requests = await requestsBetween(ctx, before.totals, before.loadgen);
    const result = finish(ctx, { ok, seconds, n: o.n, before: { cpu: 0 }, requests });
    return { ...result, timeline: ctx.observer.timeline, verify: await verify(ctx.kube, o.n) };
  });
}

/** S2: controller running, N Widgets created at full speed: time to converge, e2e latency. */
export async function s2Burst(peer, o) {
  return withRun(peer, o, async (ctx) => {
    ctx.start(o.cpuProfDir ? { BENCH_CPU_PROF_DIR: o.cpuProfDir } : undefined);
    await ctx.warmup();
    return burst(ctx, o, 0);
  });
}

/**
 * S6: S2's burst a second time in the same process: the controller converged a first burst
 * of N (not measured), then N more Widgets are created at full speed. What a long-running
 * manager pays per reconcile, once V8 has compiled its hot path and its buffers have grown;
 * S2 minus S6 is what the first burst pays once.
 */
export async function s6SecondBurst(peer, o) {
  return withRun(peer, o, async (ctx) => {
    await ctx.startConverged(o.n);
    return burst(ctx, o, o.n);
  });
}

/** Widgets `from` … `from + o.n` created at full speed on a running peer, until all converged: S2's figures. */
async function burst(ctx, o, from) {
  const before = await snapshot(ctx);
  ctx.observer.latencies = [];
  ctx.observer.resetClock();
  const t0 = performance.now();
  await createWidgets(ctx.kube, from, from + o.n, { observer: ctx.observer });
  const createSeconds = (performance.now() - t0) / 1000;
  const ok = await ctx.observer.waitConverged(from + o.n + 1, o.timeoutMs, ctx.dead);
  const seconds = (performance.now() - t0) / 1000;
  const requests = await requestsBetween(ctx, before.totals, before.loadgen);
  const lat = ctx.observer.latencies;
  const figures = finish(ctx, { ok, seconds, n: o.n, before, requests });
  // after the CPU is read: the peer's counters come with a GC (`mem`); all of its reconciles over all its Widgets
  const counted = (await ctx.proc.mem())?.reconciles;
  return {
    ...figures,
    reconcilesPerObject: typeof counted === 'number' ? counted / (from + o.n) : undefined,
    createSeconds,
    // what the controller adds after the last create: the part of T converge the API server's create rate does not set
    afterLastCreateSeconds: seconds - createSeconds,
    e2eP50Ms: percentile(lat, 50),
    e2eP99Ms: percentile(lat, 99),
    timeline: ctx.observer.timeline,
    verify: await verify(ctx.kube, from + o.n + 1),
  };
}

/**
 * Spec changes on `o.n` converged Widgets at `o.rate`/s for `o.seconds`, then up to 30 s for
 * the last to converge; the latencies land in `ctx.observer.latencies`, those never observed
 * stay in `ctx.observer.pending`. Resolves the number of changes.
 */
export async function churn(ctx, o) {
  ctx.observer.latencies = [];
  ctx.observer.pending.clear();
  const total = Math.round(o.rate * o.seconds);
  const t0 = performance.now();
  const writes = [];
  for (let k = 0; k < total; k++) {
    const due = t0 + (k * 1000) / o.rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    writes.push(touchWidget(ctx.kube, ctx.observer, (k * 7919) % o.n));
  }
  await Promise.all(writes);
  const drainDeadline = performance.now() + 30_000;
  while (ctx.observer.pending.size > 0 && performance.now() < drainDeadline && !ctx.dead()) await sleep(100);
  return total;
}

/** S3: N converged Widgets, spec changes at `rate`/s for `seconds`: write → status-observed latency. */
export async function s3Churn(peer, o) {
  return withRun(peer, o, async (ctx) => {
    await ctx.startConverged(o.n);
    const before = await snapshot(ctx);
    const total = await churn(ctx, o);
    const lat = ctx.observer.latencies;
    const requests = await requestsBetween(ctx, before.totals, before.loadgen);
    const cpu = ctx.proc.cpuSeconds() - before.cpu;
    return {
      ok: ctx.observer.pending.size === 0 && !ctx.dead(),
      updates: total,
      observed: lat.length,
      lost: ctx.observer.pending.size,
      p50Ms: percentile(lat, 50),
      p99Ms: percentile(lat, 99),
      maxMs: Math.max(...lat),
      cpuSeconds: cpu,
      requestsPerUpdate: requests.controller / total,
      requestsByVerb: requests.byVerb,
      ...processFacts(ctx),
    };
  });
}

/**
 * S4: controller running; M ConfigMaps of ~1 KB and N Widgets (+ N children) cached: bytes per
 * object. The objects come in two halves, each measured once converged and idle: the per-object
 * figures are the second half's growth divided by its objects (the cost of one more cached
 * object), so what the first burst pays once (V8 compiling the hot path, the young generation
 * and the connection's buffers growing) is not spread over the objects; that fixed part is
 * reported beside them, and the figures over both halves from the empty process as before.
 */
export async function s4Memory(peer, o) {
  return withRun(peer, o, async (ctx) => {
    const { mem: m0, rss: rss0, rssAnon: rssAnon0 } = await ctx.startIdle();
    const half = { configMaps: Math.floor(o.configMaps / 2), n: Math.floor(o.n / 2) };
    /** Creates ConfigMaps and Widgets [from, to) of each, waits until converged and idle, measures. */
    const idleAfter = async (from, to) => {
      await createConfigMaps(ctx.kube, to.configMaps, { from: from.configMaps });
      await createWidgets(ctx.kube, from.n, to.n);
      const ok = await ctx.observer.waitConverged(to.n + 1, o.timeoutMs, ctx.dead);
      await sleep(6000); // idle keep-alive connections close, the last events settle
      return { ok, mem: await ctx.proc.mem(), rss: ctx.proc.rss() };
    };
    const first = await idleAfter({ configMaps: 0, n: 0 }, half);
    const second = await idleAfter(half, o);
    const objects = o.configMaps + 2 * o.n;
    const firstObjects = half.configMaps + 2 * half.n;
    const secondObjects = objects - firstObjects;
    const heapOf = (m) => (typeof m?.heapBytes === 'number' ? m.heapBytes : undefined);
    const growth = (a, b) => (a === undefined || b === undefined ? undefined : b - a);
    const heapAll = growth(heapOf(m0), heapOf(second.mem));
    const heapSecond = growth(heapOf(first.mem), heapOf(second.mem));
    const heapFirst = growth(heapOf(m0), heapOf(first.mem));
    const perObject = (bytes, count) => (bytes === undefined ? undefined : bytes / count);
    const rssPerObject = (second.rss - first.rss) / secondObjects;
    const heapPerObject = perObject(heapSecond, secondObjects);
    return {
      ok: first.ok && second.ok,
      objects,
      rssBaseBytes: rss0,
      rssAnonBaseBytes: rssAnon0,
      rssBytes: second.rss,
      rssPerObject,
      rssPerObjectFromEmpty: (second.rss - rss0) / objects,
      rssFirstBurstFixedBytes: first.rss - rss0 - rssPerObject * firstObjects,
      heapBaseBytes: heapOf(m0),
      heapBytes: heapOf(second.mem),
      heapPerObject,
      heapPerObjectFromEmpty: perObject(heapAll, objects),
      heapFirstBurstFixedBytes:
        heapFirst === undefined || heapPerObject === undefined ? undefined : heapFirst - heapPerObject * firstObjects,
      ...processFacts(ctx),
    };
  });
}

/** S5: burst of N; kube-apiserver restarted when half are created: time to converge, nothing lost. */
export async function s5Restart(peer, o) {
  return withRun(peer, o, async (ctx) => {
    ctx.start();
    await ctx.warmup();
    ctx.observer.resetClock();
    const t0 = performance.now();
    let restart;
    let created = 0;
    let restartSeconds;
    let readyAgain;
    await createWidgets(ctx.kube, 0, o.n, {
      onCreated: () => {
        if (++created === Math.floor(o.n / 2)) {
          const r0 = performance.now();
          restart = ctx.plane.restartApiServer().then(() => {
            readyAgain = performance.now();
            restartSeconds = (readyAgain - r0) / 1000;
          });
        }
      },
    });
    await restart;
    const ok = await ctx.observer.waitConverged(o.n + 1, o.timeoutMs, ctx.dead);
    const seconds = (performance.now() - t0) / 1000;
    const recoverySeconds = (performance.now() - readyAgain) / 1000;
    const v = await verify(ctx.kube, o.n + 1);
    return {
      ok: ok && v.lost === 0,
      recoverySeconds,
      seconds,
      restartSeconds,
      verify: v,
      timeline: ctx.observer.timeline,
      ...processFacts(ctx),
    };
  });
}

/** S7: N converged Widgets, idle for `idleSeconds`, then `changes` single updates `gapSeconds` apart. */
export async function s7Quiet(peer, o) {
  return withRun(peer, o, async (ctx) => {
    await ctx.startConverged(o.n);
    await sleep(o.idleSeconds * 1000 + (o.staggerMs ?? 0));
    ctx.observer.latencies = [];
    ctx.observer.pending.clear();
    const perChange = [];
    for (let k = 0; k < o.changes; k++) {
      if (k > 0) await sleep(o.gapSeconds * 1000);
      const before = ctx.observer.latencies.length;
      await touchWidget(ctx.kube, ctx.observer, (k * 31) % o.n);
      const deadline = performance.now() + 60_000;
      while (ctx.observer.latencies.length === before && performance.now() < deadline && !ctx.dead()) await sleep(5);
      perChange.push(ctx.observer.latencies[before] ?? null);
    }
    const lat = perChange.filter((x) => x !== null);
    return {
      ok: lat.length === o.changes,
      idleSeconds: o.idleSeconds,
      latenciesMs: perChange,
      firstMs: perChange[0],
      maxMs: Math.max(...lat),
      exit: ctx.proc.exit ? describeExit(ctx.proc) : undefined,
    };
  });
}

/**
 * S8: N Widgets (status behind) exist, then the controller starts with 1 worker; once it has
 * converged its first Widget (synced, working through its initial list), the Widget in the
 * middle of the list order is changed: the latency until its status shows the change, and how
 * many other Widgets the controller converged in between. A FIFO reaches it after half the
 * list; the priority queue next.
 */
export async function s8InitialSync(peer, o) {
  return withRun(peer, o, async (ctx) => {
    await createWidgets(ctx.kube, 0, o.n);
    const keys = Array.from({ length: o.n }, (_, i) => i).map((i) => {
      const { namespace, name } = widgetKey(i);
      return { i, key: `${namespace}/${name}` };
    });
    keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)); // the API server's list order
    const target = keys[Math.floor(o.n / 2)];
    ctx.observer.resetClock();
    const t0 = performance.now();
    ctx.start();
    if (!(await ctx.observer.waitConverged(1, o.timeoutMs, ctx.dead)))
      throw new Error(`no first reconcile (${describeExit(ctx.proc)})`);
    const firstSeconds = (performance.now() - t0) / 1000;
    const convergedAtChange = ctx.observer.convergedCount;
    ctx.observer.latencies = [];
    ctx.observer.pending.clear();
    let convergedWithTarget;
    const check = () => {
      if (ctx.observer.latencies.length > 0 && convergedWithTarget === undefined)
        convergedWithTarget = ctx.observer.convergedCount;
    };
    ctx.observer.waiters.add(check);
    await touchWidget(ctx.kube, ctx.observer, target.i);
    check();
    const deadline = performance.now() + o.timeoutMs;
    while (ctx.observer.latencies.length === 0 && performance.now() < deadline && !ctx.dead()) await sleep(5);
    ctx.observer.waiters.delete(check);
    const latencyMs = ctx.observer.latencies[0];
    return {
      ok: latencyMs !== undefined,
      latencyMs,
      listPosition: Math.floor(o.n / 2),
      firstReconcileSeconds: firstSeconds,
      convergedAtChange,
      // other Widgets converged between the change and the target's convergence (the target counts once)
      convergedBefore: convergedWithTarget === undefined ? undefined : convergedWithTarget - convergedAtChange - 1,
      ...processFacts(ctx),
    };
  });
}

export const SCENARIOS = {
  S1: { name: 'S1 cold start', run: s1ColdStart },
  S2: { name: 'S2 burst', run: s2Burst },
  S3: { name: 'S3 churn latency', run: s3Churn },
  S4: { name: 'S4 memory', run: s4Memory },
  S5: { name: 'S5 apiserver restart', run: s5Restart },
  S6: { name: 'S6 second burst', run: s6SecondBurst },
  S7: { name: 'S7 quiet period', run: s7Quiet },
  S8: { name: 'S8 change during the initial sync', run: s8InitialSync },
};
