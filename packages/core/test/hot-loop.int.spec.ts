/**
 * Hot-loop detection on the real control plane: a controller that writes a timestamp into
 * its Widget's status on every reconcile (and, as controller-runtime does, reconciles on the
 * echo of its own status write: `readYourWrites: false`) gets exactly one warning naming
 * `status.phase`, counted in `operant_hot_loops_total`; a controller that converges gets
 * none.
 */
import { beforeAll, beforeEach, expect, it } from '@jest/globals';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import type { LogFields } from '../src/api/logger.js';
import { controllerManagedBy } from '../src/builder/builder.js';
import { ApiClient } from '../src/client/api-client.js';
import type { Manager } from '../src/manager/interfaces.js';
import { newManager } from '../src/manager/manager.js';
import {
  eventually,
  installWidgetCrd,
  newNamespace,
  startManager,
  useCleanups,
  WidgetType,
} from './fixtures/helpers.js';
import { recordingLogger, widget } from './fixtures/traced.js';

/** The runs after which the looping controller stops writing, so the test ends. */
const RUNS = 15;

describeWithControlPlane('hot-loop detection on the real API server', () => {
  const kc = sharedKubeConfig();
  const external = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();
  let ns: string;
  let mgr: Manager;
  let lines: LogFields[];

  beforeAll(async () => {
    await installWidgetCrd(external);
  }, 60_000);

  beforeEach(async () => {
    lines = [];
    ns = await newNamespace(external, 'hot-loop');
    mgr = newManager({ kubeConfig: kc, cache: { defaultNamespaces: [ns] }, logger: recordingLogger(lines) });
  }, 30_000);

  const hotLoops = async (controller: string) =>
    (await mgr.metrics.getSingleMetric('operant_hot_loops_total')?.get())?.values.find(
      (v) => v.labels.controller === controller,
    )?.value ?? 0;

  it('should warn once, naming status.phase, about a controller that writes a timestamp on every reconcile', async () => {
    let runs = 0;
    const controller = controllerManagedBy(mgr)
      .for(WidgetType)
      .named('stamper')
      .withOptions({ recordCauses: true, readYourWrites: false, hotLoop: { reconciles: 5, windowMs: 60_000 } })
      .complete({
        async reconcile(request) {
          runs++;
          if (runs > RUNS) return;
          const w = await mgr.client.get(WidgetType, request);
          await mgr.client
            .status()
            .update({ ...w, status: { ...w.status, phase: `${new Date().toISOString()} #${runs}` } });
        },
      });
    startManager(mgr, cleanup);
    await external.create(widget(ns, 'loop'));
    await eventually(() => expect(runs).toBeGreaterThan(RUNS));
    await eventually(() => expect(controller.queue.len() + controller.queue.processingLen()).toBe(0));

    const loops = lines.filter((l) => l.level === 'warn' && String(l.message).startsWith('hot loop'));
    expect(loops).toHaveLength(1);
    expect(loops[0]).toMatchObject({
      controller: 'stamper',
      namespace: ns,
      name: 'loop',
      changedFields: ['status.phase'],
    });
    expect(Number(loops[0]?.reconciles)).toBeGreaterThan(5);
    expect(await hotLoops('stamper')).toBe(1);
    const [key] = controller.recentReconciles(`${ns}/loop`).keys;
    expect(key?.hotLoop).toMatchObject({ changedFields: ['status.phase'] });
    expect(key?.reconciles.at(-2)).toMatchObject({ ownWriteCauses: 1, writes: [{ verb: 'PUT', kind: 'Widget' }] });
  }, 60_000);

  it('should not warn about a controller that converges', async () => {
    let runs = 0;
    const controller = controllerManagedBy(mgr)
      .for(WidgetType)
      .named('converger')
      .withOptions({ recordCauses: true, readYourWrites: false, hotLoop: { reconciles: 5, windowMs: 60_000 } })
      .complete({
        async reconcile(request) {
          runs++;
          const w = await mgr.client.get(WidgetType, request);
          if (w.status?.phase === 'Ready') return;
          await mgr.client.status().update({ ...w, status: { phase: 'Ready' } });
        },
      });
    startManager(mgr, cleanup);
    for (const name of ['a', 'b', 'c']) await external.create(widget(ns, name));
    await eventually(() => {
      expect(controller.recentReconciles().keys.map((k) => k.reconciles.length)).toEqual([2, 2, 2]);
    });
    expect(runs).toBe(6);
    expect(lines.filter((l) => l.level === 'warn' && String(l.message).startsWith('hot loop'))).toEqual([]);
    expect(await hotLoops('converger')).toBe(0);
    // the second run of each was caused by its own status write
    expect(controller.recentReconciles().keys.map((k) => k.reconciles[1]?.ownWriteCauses)).toEqual([1, 1, 1]);
  }, 60_000);
});
