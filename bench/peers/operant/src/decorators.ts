/**
 * Operant (decorators): the Widget controller as a decorated class run by `createOperator`,
 * with the Manager injected (`@Inject(MANAGER)`). Same reconcile as the builder peer.
 * Environment: KUBECONFIG, BENCH_WORKERS.
 * @module
 */

import { mergePatch } from '../../../../packages/core/dist/client/index.js';
import { createOperator } from '../../../../packages/core/dist/di/index.js';
import {
  Controller,
  Inject,
  MANAGER,
  type Manager,
  Reconcile,
  type Request,
} from '../../../../packages/core/dist/index.js';
import { counters, serveMem } from '../../../harness/peer-stdin.mjs';
import { childConfigMap, converged, statusPatch } from '../../../harness/workload.mjs';
import { ConfigMap, Widget } from '../types.mjs';

@Controller({ for: Widget, owns: [ConfigMap], maxConcurrentReconciles: Number(process.env.BENCH_WORKERS ?? 16) })
export class WidgetController {
  constructor(@Inject(MANAGER) private readonly mgr: Manager) {}

  @Reconcile()
  async reconcile(request: Request): Promise<void> {
    counters.reconciles++;
    const w = await this.mgr.client.get(Widget, request).catch(() => undefined);
    if (w === undefined || converged(w)) return;
    await this.mgr.client.apply(childConfigMap(w), { force: true, fieldManager: 'bench' });
    await this.mgr.client.status().patch(w, mergePatch(statusPatch(w)));
    counters.writes += 2;
  }
}

const operator = await createOperator({ controllers: [WidgetController] });
serveMem();
await operator.start();
