/**
 * Operant (builder): `controllerManagedBy(mgr).for(Widget).owns(ConfigMap)` with
 * BENCH_WORKERS workers, the Manager's defaults otherwise (managedFields stripped from the
 * cache, no client-side rate limit). Reads the Widget from the cache; when its status is
 * behind, applies `<name>-cm` and merge-patches status. Environment: KUBECONFIG, BENCH_WORKERS.
 *
 * BENCH_REUSE_DISPATCHER=1 is an experiment, not Operant as shipped: client-node's
 * `KubeConfig.applySecurityAuthentication` builds a new undici Agent for every request, so
 * every request of the RestClient opens a new TLS connection; this keeps the first one.
 *
 * BENCH_READ_YOUR_WRITES=0 turns the controller's `readYourWrites` off (the behaviour before
 * it existed), for before/after figures within one run.
 * @module
 */
import { controllerManagedBy, Manager, mergePatch } from '../../../packages/core/dist/index.js';
import { counters, serveMem } from '../../harness/peer-stdin.mjs';
import { childConfigMap, converged, statusPatch } from '../../harness/workload.mjs';
import { KubeConfig } from './client-node.mjs';
import { ConfigMap, Widget } from './types.mjs';

const kubeConfig = new KubeConfig();
kubeConfig.loadFromDefault();
if (process.env.BENCH_REUSE_DISPATCHER === '1') {
  const apply = kubeConfig.applySecurityAuthentication.bind(kubeConfig);
  let dispatcher;
  kubeConfig.applySecurityAuthentication = async (context) => {
    await apply(context);
    if (dispatcher === undefined) dispatcher = context.getDispatcher();
    else context.setDispatcher(dispatcher);
  };
}
const mgr = new Manager({ kubeConfig });
controllerManagedBy(mgr)
  .for(Widget)
  .owns(ConfigMap)
  .withOptions({
    maxConcurrentReconciles: Number(process.env.BENCH_WORKERS ?? 16),
    readYourWrites: process.env.BENCH_READ_YOUR_WRITES !== '0',
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
