// Controller convergence, side by side on one fresh control plane: N Widgets exist; a
// controller For Widget, Owns ConfigMap creates one ConfigMap per Widget (server-side
// apply) and patches status.observedGeneration. Time from controller start until every
// Widget's status shows its generation, for Operant (builder) with 1, 4 and 16 workers, and
// for the floor: one paged list and the same writes at the same concurrency, no framework
// (no cache, no queue). Both use Operant's ApiClient for the wire, so the difference is the
// framework. Run: pnpm build && node bench/controller/bench.mjs [--objects 2000]
import { controllerManagedBy } from '../../packages/core/dist/builder/index.js';
import { ApiClient } from '../../packages/core/dist/client/index.js';
import { newManager } from '../../packages/core/dist/manager/index.js';
import { Environment } from '../../packages/testing/dist/index.js';
import { crd } from '../harness/workload.mjs';
import { ConfigMap, Widget } from '../peers/operant/types.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const N = arg('objects', 2000);
const workerCounts = [1, 4, 16];

/** The per-object work, identical for Operant and the floor. */
async function converge(client, w) {
  const ns = w.metadata.namespace;
  const name = w.metadata.name;
  await client.apply(
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        namespace: ns,
        name: `${name}-data`,
        ownerReferences: [
          { apiVersion: 'bench.operant.dev/v1', kind: 'Widget', name, uid: w.metadata.uid, controller: true },
        ],
      },
      data: { data: w.spec?.data ?? '' },
    },
    { force: true, fieldManager: 'bench' },
  );
  await client
    .status()
    .patch(w, { type: 'merge', data: { status: { observedGeneration: w.metadata.generation, ready: true } } });
}

async function seed(client, ns) {
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  const pending = [];
  for (let i = 0; i < N; i++) {
    pending.push(
      client.create({
        apiVersion: 'bench.operant.dev/v1',
        kind: 'Widget',
        metadata: { namespace: ns, name: `w-${i}` },
        spec: { replicas: 1, data: 'x'.repeat(64) },
      }),
    );
    if (pending.length >= 32) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
}

async function waitConverged(client, ns) {
  for (;;) {
    const list = await client.list(Widget, { namespace: ns });
    const done = list.items.filter((w) => w.status?.observedGeneration === w.metadata.generation).length;
    if (done === N) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function runOperant(kubeConfig, client, ns, workers) {
  const mgr = newManager({ kubeConfig, cache: { defaultNamespaces: [ns] } });
  controllerManagedBy(mgr)
    .for(Widget)
    .owns(ConfigMap)
    .withOptions({ maxConcurrentReconciles: workers })
    .complete({
      async reconcile(req) {
        const w = await mgr.client.get(Widget, req).catch(() => undefined);
        if (w === undefined || w.status?.observedGeneration === w.metadata.generation) return;
        await converge(mgr.client, w);
      },
    });
  const stop = new AbortController();
  const start = performance.now();
  const running = mgr.start(stop.signal);
  await waitConverged(client, ns);
  const seconds = (performance.now() - start) / 1000;
  stop.abort();
  await running;
  return seconds;
}

async function runFloor(client, ns, workers) {
  const start = performance.now();
  const items = [];
  let cont;
  do {
    const page = await client.list(Widget, { namespace: ns, limit: 500, continue: cont });
    items.push(...page.items);
    cont = page.metadata?.continue;
  } while (cont);
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) await converge(client, items[next++]);
    }),
  );
  await waitConverged(client, ns);
  return (performance.now() - start) / 1000;
}

const env = new Environment();
const kubeConfig = await env.start();
try {
  const client = new ApiClient({ kubeConfig });
  await client.create(crd);
  for (;;) {
    try {
      await client.list(Widget, { namespace: 'default', limit: 1 });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const rows = [];
  let run = 0;
  for (const workers of workerCounts) {
    for (const impl of ['Operant (builder)', 'floor (list + writes)']) {
      const ns = `bench-${run++}`;
      await seed(client, ns);
      const seconds = impl.startsWith('Operant')
        ? await runOperant(kubeConfig, client, ns, workers)
        : await runFloor(client, ns, workers);
      rows.push({ impl, workers, seconds });
      console.error(`[bench] ${impl}, ${workers} workers: ${seconds.toFixed(2)} s`);
    }
  }
  console.log(
    `controller convergence: ${N} Widgets (ConfigMap apply + status patch each), kube-apiserver v1.37.2 + etcd 3.7.3 on loopback, node ${process.version}`,
  );
  console.log('| workers | Operant s | floor s | Operant / floor | Operant objects/s |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const workers of workerCounts) {
    const o = rows.find((r) => r.workers === workers && r.impl.startsWith('Operant')).seconds;
    const f = rows.find((r) => r.workers === workers && !r.impl.startsWith('Operant')).seconds;
    console.log(`| ${workers} | ${o.toFixed(2)} | ${f.toFixed(2)} | ${(o / f).toFixed(2)} | ${Math.round(N / o)} |`);
  }
} finally {
  await env.stop();
}
