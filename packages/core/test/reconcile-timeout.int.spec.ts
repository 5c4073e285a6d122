/**
 * Reconcile timeouts that free the worker, on the real control plane: with one worker and
 * a reconcile that ignores its signal for one Widget, the other Widgets still converge once
 * the timeout and grace pass; the stuck Widget is not reconciled again while its run is
 * pending (an update to it waits), and converges once the run settles; a stop returns
 * within the controller's drain timeout while the abandoned run is still pending.
 * Assertions are on order and counts, not on time.
 */
import { beforeAll, beforeEach, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import type { Reconciler } from '../src/api/reconciler.js';
import { controllerManagedBy } from '../src/builder/builder.js';
import { ApiClient } from '../src/client/api-client.js';
import { mergePatch } from '../src/client/patch.js';
import { ControllerManager } from '../src/manager/manager.js';
import type { ManagerOptions } from '../src/manager/options.js';
import {
  eventually,
  installWidgetCrd,
  newNamespace,
  startManager,
  useCleanups,
  type Widget,
  WidgetType,
} from './fixtures/helpers.js';

const widget = (namespace: string, name: string): Widget => ({
  apiVersion: 'core.operant.test/v1',
  kind: 'Widget',
  metadata: { namespace, name },
  spec: { size: 1 },
});

/** A promise the test opens; a reconcile awaiting it ignores its signal. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describeWithControlPlane('reconcile timeouts on the real API server', () => {
  const kc = sharedKubeConfig();
  const external = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();
  let ns: string;

  beforeAll(async () => {
    await installWidgetCrd(external);
  }, 60_000);

  beforeEach(async () => {
    ns = await newNamespace(external, 'timeout');
  }, 30_000);

  const newManager = (options: ManagerOptions = {}) =>
    new ControllerManager({ kubeConfig: kc, cache: { defaultNamespaces: [ns] }, ...options });

  const sample = async (mgr: ControllerManager, series: string): Promise<number | undefined> => {
    const line = (await mgr.metrics.metrics()).split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.split(' ')[1]);
  };

  /**
   * Records each run and writes `<name>-done`; the first run of `stuck` waits on `held`
   * and ignores its signal.
   */
  const reconciler = (mgr: ControllerManager, runs: string[], held: Promise<void>): Reconciler => ({
    async reconcile(request) {
      runs.push(request.name);
      if (request.name === 'stuck' && runs.filter((n) => n === 'stuck').length === 1) {
        await held;
        return;
      }
      const done: V1ConfigMap = {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { namespace: request.namespace, name: `${request.name}-done` },
        data: { runs: String(runs.filter((n) => n === request.name).length) },
      };
      await mgr.client.apply(done, { force: true, fieldManager: 'timeout-test' });
    },
  });
  const converged = (name: string) =>
    eventually(() => external.get(V1ConfigMap, { namespace: ns, name: `${name}-done` }), { timeout: 30_000 });

  it('frees the only worker from a reconcile that ignores its signal, and retries that key once it settles', async () => {
    // the manager-wide default (controller-runtime's Controller.ReconciliationTimeout)
    const mgr = newManager({ reconcileTimeoutMs: 300, reconcileTimeoutGraceMs: 300 });
    const stuck = gate();
    cleanup(async () => stuck.open());
    const runs: string[] = [];
    const controller = controllerManagedBy(mgr)
      .for(WidgetType)
      .complete(reconciler(mgr, runs, stuck.promise));
    const abandoned = `operant_reconcile_abandoned{controller="${controller.name}"}`;
    startManager(mgr, cleanup);

    await external.create(widget(ns, 'stuck'));
    await eventually(() => expect(runs).toEqual(['stuck']));
    for (const name of ['a1', 'a2', 'a3']) await external.create(widget(ns, name));
    for (const name of ['a1', 'a2', 'a3']) await converged(name);
    expect(await sample(mgr, abandoned)).toBe(1);
    expect(await sample(mgr, `controller_runtime_reconcile_errors_total{controller="${controller.name}"}`)).toBe(1);
    expect(
      await sample(mgr, `controller_runtime_reconcile_total{controller="${controller.name}",result="error"}`),
    ).toBe(1);

    // an update of the stuck Widget while its run is pending waits; a Widget created after it does not
    await external.patch(widget(ns, 'stuck'), mergePatch({ spec: { size: 2 } }));
    await external.create(widget(ns, 'a4'));
    await converged('a4');
    expect(runs.filter((n) => n === 'stuck')).toHaveLength(1);
    // a4-done may be visible before a4's run has returned: only the stuck key stays in flight
    await eventually(() => expect(controller.queue.processingLen()).toBe(1));

    stuck.open();
    const done = await converged('stuck');
    expect(Number(done.data?.runs)).toBeGreaterThanOrEqual(2);
    await eventually(async () => expect(await sample(mgr, abandoned)).toBe(0));
    expect(runs.slice(0, 5)).toEqual(['stuck', 'a1', 'a2', 'a3', 'a4']);
  });

  it('returns from a stop within the drain timeout while an abandoned reconcile is still pending', async () => {
    const mgr = newManager({ gracefulShutdownTimeoutMs: 20_000 });
    const stuck = gate();
    cleanup(async () => stuck.open());
    const runs: string[] = [];
    const order: string[] = [];
    const held = stuck.promise.then(() => void order.push('settled'));
    const controller = controllerManagedBy(mgr)
      .for(WidgetType)
      .withOptions({ reconcileTimeoutMs: 200, reconcileTimeoutGraceMs: 200, gracefulShutdownTimeoutMs: 1000 })
      .complete(reconciler(mgr, runs, held));
    const stop = startManager(mgr, cleanup);

    await external.create(widget(ns, 'stuck'));
    await eventually(async () =>
      expect(await sample(mgr, `operant_reconcile_abandoned{controller="${controller.name}"}`)).toBe(1),
    );
    await stop(); // resolves: the controller's drain gave up after its 1 s, within the manager's 20 s
    order.push('stopped');
    stuck.open();
    await eventually(() => expect(order).toEqual(['stopped', 'settled']));
    expect(runs).toEqual(['stuck']);
  });
});
