// Leader failover to the first reconcile, cold standby vs warm standby. On one fresh control plane, N Widgets exist; manager A leads (a controller For Widget),
// manager B waits as standby: cold (`enableWarmup: false`, B lists Widgets only once it
// leads) or warm (the default: B's informer synced before it leads). A stops and releases
// the Lease; measured: from the release to B's first reconcile, and from B's election to its
// first reconcile and to the last of the N. Median of --reps runs per mode, both managers in
// this process; a Widget carries --bytes of spec data (default 1 KB); the standby retries the
// Lease every 100 ms. Run: pnpm build && node bench/failover/bench.mjs [--objects 1000] [--reps 5]
import { controllerManagedBy } from '../../packages/core/dist/builder/index.js';
import { ApiClient } from '../../packages/core/dist/client/index.js';
import { noopLogger } from '../../packages/core/dist/log/index.js';
import { newManager } from '../../packages/core/dist/manager/index.js';
import { Environment } from '../../packages/testing/dist/index.js';
import { forEachConcurrent } from '../harness/loadgen.mjs';
import { crd } from '../harness/workload.mjs';
import { Widget } from '../peers/operant/types.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const N = arg('objects', 1000);
const reps = arg('reps', 5);
const bytes = arg('bytes', 1024);
const RETRY_MS = 100;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function seed(client, ns) {
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  await forEachConcurrent(0, N, 32, (i) =>
    client.create({
      apiVersion: 'bench.operant.dev/v1',
      kind: 'Widget',
      metadata: { namespace: ns, name: `w-${i}` },
      spec: { replicas: 1, data: 'x'.repeat(bytes) },
    }),
  );
}

/** A manager with one controller For Widget that records when it reconciled what. */
function candidate(kubeConfig, ns, id, warm) {
  const mgr = newManager({
    kubeConfig,
    logger: noopLogger,
    cache: { defaultNamespaces: [ns] },
    leaderElection: true,
    leaderElectionID: id,
    leaderElectionNamespace: ns,
    leaseDurationMs: 15_000,
    renewDeadlineMs: 10_000,
    retryPeriodMs: RETRY_MS,
    leaderElectionReleaseOnCancel: true,
  });
  const seen = { elected: undefined, first: undefined, all: undefined, keys: new Set() };
  void mgr.elected().then(() => {
    seen.elected = performance.now();
  });
  controllerManagedBy(mgr)
    .for(Widget)
    .withOptions({ enableWarmup: warm, maxConcurrentReconciles: 4 })
    .complete({
      async reconcile(req) {
        seen.first ??= performance.now();
        seen.keys.add(req.name);
        if (seen.keys.size === N) seen.all ??= performance.now();
      },
    });
  const stop = new AbortController();
  const running = mgr.start(stop.signal);
  return {
    mgr,
    seen,
    halt: async () => {
      stop.abort();
      await running;
    },
  };
}

async function until(check) {
  while (!(await check())) await sleep(10);
}

async function failover(kubeConfig, ns, id, warm) {
  const a = candidate(kubeConfig, ns, id, warm);
  await a.mgr.elected();
  await until(() => a.seen.all !== undefined);
  const b = candidate(kubeConfig, ns, id, warm);
  // B is synced (warm: its Widget informer too) and campaigning
  await until(async () => (await b.mgr.readyz.respond('', new URLSearchParams())).status === 200);
  await sleep(2 * RETRY_MS);
  await a.halt(); // resolves after the Lease is released
  const released = performance.now();
  await until(() => b.seen.all !== undefined);
  await b.halt();
  return {
    releaseToFirst: b.seen.first - released,
    electedToFirst: b.seen.first - b.seen.elected,
    electedToAll: b.seen.all - b.seen.elected,
  };
}

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
};

const env = new Environment();
const kubeConfig = await env.start();
try {
  const client = new ApiClient({ kubeConfig });
  await client.create(crd);
  await until(async () => {
    try {
      await client.list(Widget, { namespace: 'default', limit: 1 });
      return true;
    } catch {
      return false;
    }
  });
  const ns = 'failover';
  await seed(client, ns);
  const runs = { cold: [], warm: [] };
  for (let rep = 0; rep < reps; rep++) {
    for (const mode of ['cold', 'warm']) {
      const r = await failover(kubeConfig, ns, `failover-${mode}-${rep}`, mode === 'warm');
      runs[mode].push(r);
      console.error(
        `[bench] ${mode} rep ${rep}: release → first reconcile ${r.releaseToFirst.toFixed(0)} ms, ` +
          `elected → first ${r.electedToFirst.toFixed(0)} ms, elected → all ${r.electedToAll.toFixed(0)} ms`,
      );
    }
  }
  const figure = (mode, key) => median(runs[mode].map((r) => r[key]));
  console.log(
    `leader failover, ${N} Widgets of ${bytes} B data, median of ${reps}: kube-apiserver v1.37.2 + etcd 3.7.3 on loopback, node ${process.version}, retry period ${RETRY_MS} ms`,
  );
  console.log('| figure | cold ms | warm ms | cold / warm |');
  console.log('|---|---:|---:|---:|');
  for (const [key, label] of [
    ['releaseToFirst', 'Lease released → first reconcile'],
    ['electedToFirst', 'elected → first reconcile'],
    ['electedToAll', `elected → all ${N} reconciled`],
  ]) {
    const cold = figure('cold', key);
    const warm = figure('warm', key);
    console.log(`| ${label} | ${cold.toFixed(1)} | ${warm.toFixed(1)} | ${(cold / warm).toFixed(1)} |`);
  }
} finally {
  await env.stop();
}
