/**
 * Operant (dependent): the builder peer's workload with the child ConfigMap declared as a
 * dependent, `controllerManagedBy(mgr).for(Widget).dependent(ConfigMap, childConfigMap)`,
 * under the builder peer's field owner (`bench`, `force`). The dependent applies `<name>-cm`
 * only when the cached child, pruned to the fields `bench` owns, differs from it; the
 * reconcile after it merge-patches status when it is behind. `withDependentStatus(false)`:
 * no `Ready` condition is written, so the requests per update stay those of the builder peer.
 * BENCH_WORKERS workers, the Manager's defaults otherwise; `writes` counts the requests the
 * manager sent that were not GETs. Environment: KUBECONFIG, BENCH_WORKERS, DISABLE_HTTP2.
 * @module
 */
import { controllerManagedBy } from '../../../packages/core/dist/builder/index.js';
import { loadKubeConfig, mergePatch } from '../../../packages/core/dist/client/index.js';
import { newManager } from '../../../packages/core/dist/manager/index.js';
import { counters, serveMem } from '../../harness/peer-stdin.mjs';
import { childConfigMap, converged, statusPatch } from '../../harness/workload.mjs';
import { ConfigMap, Widget } from './types.mjs';

const mgr = newManager({ kubeConfig: loadKubeConfig() });
mgr.rest.onRequest(({ method }) => {
  if (method !== 'GET') counters.writes++;
});
controllerManagedBy(mgr)
  .for(Widget)
  .dependent(ConfigMap, childConfigMap, { fieldOwner: 'bench', force: true })
  .withDependentStatus(false)
  .withOptions({ maxConcurrentReconciles: Number(process.env.BENCH_WORKERS ?? 16) })
  .complete({
    async reconcile(_request, _context, outcome) {
      counters.reconciles++;
      const w = outcome?.primary;
      // as the builder peer: status only after the child was written (a failed dependent is retried)
      if (w === undefined || !outcome.ready || converged(w)) return;
      await mgr.client.status().patch(w, mergePatch(statusPatch(w)));
    },
  });
serveMem();
await mgr.start(new AbortController().signal);
