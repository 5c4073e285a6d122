/**
 * Peer: @dot-i/k8s-operator 1.3.9 (the version npm serves). An `Operator` subclass watches
 * Widgets (`watchResource`); the library feeds every event through its one serial queue (no
 * concurrency setting exists: BENCH_WORKERS cannot apply). Per event for a Widget whose status
 * is behind: server-side apply of `<name>-cm` with its client-node 0.20 KubernetesObjectApi,
 * then `patchResourceStatus` (merge patch). It has no cache and does not watch ConfigMaps.
 * @module
 */

import operatorModule from '@dot-i/k8s-operator';
import k8s from '@kubernetes/client-node';
import { counters, serveMem } from '../../harness/peer-stdin.mjs';
import { childConfigMap, converged } from '../../harness/workload.mjs';

const Operator = operatorModule.default;
const { ResourceEventType } = operatorModule;

class WidgetOperator extends Operator {
  async init() {
    const objects = k8s.KubernetesObjectApi.makeApiClient(this.kubeConfig);
    await this.watchResource('bench.operant.dev', 'v1', 'widgets', async (e) => {
      if (e.type === ResourceEventType.Deleted) return;
      counters.reconciles++;
      const w = e.object;
      if (converged(w)) return;
      try {
        await objects.patch(childConfigMap(w), undefined, undefined, 'bench', true, {
          headers: { 'Content-Type': 'application/apply-patch+yaml' },
        });
      } catch (err) {
        process.stderr.write(`apply failed: ${err.body?.message ?? err.message}\n`);
        return;
      }
      await this.patchResourceStatus(e.meta, { observedGeneration: w.metadata.generation, ready: true });
      counters.writes += 2;
    });
  }
}

serveMem();
await new WidgetOperator().start();
