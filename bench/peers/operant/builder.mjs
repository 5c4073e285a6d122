/**
 * Operant (builder): `controllerManagedBy(mgr).for(Widget).owns(ConfigMap)` with
 * BENCH_WORKERS workers, the Manager's defaults otherwise (managedFields stripped from the
 * cache, no client-side rate limit). Reads the Widget from the cache; when its status is
 * behind, applies `<name>-cm` and merge-patches status. The kubeconfig comes from Operant's
 * own loader (as a user's main.ts gets it), so the peer loads no client-node code.
 * Environment: KUBECONFIG, BENCH_WORKERS, DISABLE_HTTP2.
 *
 * BENCH_READ_YOUR_WRITES=0 turns the controller's `readYourWrites` off (the behaviour before
 * it existed), for before/after figures within one run; BENCH_PRIORITY_QUEUE=0 runs the
 * controller on the plain FIFO workqueue (`usePriorityQueue: false`); BENCH_WATCH_LIST=0
 * syncs the cache by paged lists instead of streaming lists (`cache.reflector.watchList: false`);
 * BENCH_RECORD_CAUSES=1 records reconcile causes (`recordCauses: true`; off by default);
 * BENCH_OTEL_SDK=1 also installs the OpenTelemetry SDK as an application would (every trace
 * sampled, spans batched to an exporter that drops them), so every reconcile and client
 * request makes a recording span; BENCH_OTEL_PROCESSOR=simple hands each span to that
 * exporter as it ends (`SimpleSpanProcessor`) instead of queueing it for a batch, which
 * separates what the spans cost from what the batch queue's retention costs the GC.
 * @module
 */
import { createRequire } from 'node:module';
import { controllerManagedBy } from '../../../packages/core/dist/builder/index.js';
import { loadKubeConfig, mergePatch } from '../../../packages/core/dist/client/index.js';
import { newManager } from '../../../packages/core/dist/manager/index.js';
import { counters, serveMem } from '../../harness/peer-stdin.mjs';
import { childConfigMap, converged, statusPatch } from '../../harness/workload.mjs';
import { ConfigMap, Widget } from './types.mjs';

if (process.env.BENCH_OTEL_SDK === '1') await installTracing();

const mgr = newManager({
  kubeConfig: loadKubeConfig(),
  cache: { reflector: { watchList: process.env.BENCH_WATCH_LIST !== '0' } },
});
controllerManagedBy(mgr)
  .for(Widget)
  .owns(ConfigMap)
  .withOptions({
    maxConcurrentReconciles: Number(process.env.BENCH_WORKERS ?? 16),
    readYourWrites: process.env.BENCH_READ_YOUR_WRITES !== '0',
    usePriorityQueue: process.env.BENCH_PRIORITY_QUEUE !== '0',
    recordCauses: process.env.BENCH_RECORD_CAUSES === '1',
  })
  .complete({
    async reconcile(request) {
      counters.reconciles++;
      const w = await mgr.client.get(Widget, request).catch(() => undefined);
      if (w === undefined || converged(w)) return;
      await mgr.client.apply(childConfigMap(w), { force: true, fieldManager: 'bench' });
      await mgr.client.status().patch(w, mergePatch(statusPatch(w)));
      counters.writes += 2;
    },
  });
serveMem();
await mgr.start(new AbortController().signal);

/** The standard SDK (the packages core's tests use), sampling every trace, exporting nowhere. */
async function installTracing() {
  const require = createRequire(new URL('../../../packages/core/package.json', import.meta.url));
  const { context, trace } = require('@opentelemetry/api');
  const { AsyncLocalStorageContextManager } = require('@opentelemetry/context-async-hooks');
  const {
    AlwaysOnSampler,
    BasicTracerProvider,
    BatchSpanProcessor,
    SimpleSpanProcessor,
  } = require('@opentelemetry/sdk-trace-base');
  const dropAll = { export: (_spans, done) => done({ code: 0 }), shutdown: async () => {} };
  const processor =
    process.env.BENCH_OTEL_PROCESSOR === 'simple' ? new SimpleSpanProcessor(dropAll) : new BatchSpanProcessor(dropAll);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ sampler: new AlwaysOnSampler(), spanProcessors: [processor] }),
  );
}
