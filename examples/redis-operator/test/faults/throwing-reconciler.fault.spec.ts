/**
 * A reconciler that throws for 10% of its keys for a while, then recovers. A small
 * Widget-style controller (the fault is injected in its reconcile, the API server is real):
 * the other keys converge while the faulty ones fail, the faulty ones are retried with a
 * capped backoff (never dropped), and they converge once the fault is gone.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { controllerManagedBy } from '@operant/core/builder';
import { ApiClient, mergePatch } from '@operant/core/client';
import { newManager } from '@operant/core/manager';
import * as workqueue from '@operant/core/workqueue';
import { eventually } from '@operant/testing';
import { describeOrSkip, useControlPlane } from '@operant/testing/jest';
import { installWidgetCrd, type Widget, WidgetType } from '../../../../packages/core/test/fixtures/helpers.js';
import { recordingLogger } from '../fixtures/operator.js';
import { report } from './fixtures/figures.js';
import { faultControlPlane } from './fixtures/scenario.js';

const { options, skip } = faultControlPlane({ controllerManager: false, crdDirectoryPaths: [] });
const KEYS = 40;
const CAP_MS = 1000;
const ns = 'flaky';

describeOrSkip(`fault: a reconciler that throws`, skip, () => {
  const env = useControlPlane(options);
  let api: ApiClient;
  const stop = new AbortController();
  let running: Promise<void>;
  let failing = true;
  const faulty = (name: string) => Number(name.split('-')[1]) % 10 === 0;
  const attempts = new Map<string, number[]>();
  let maxDelay = 0;

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: env.kubeConfig() });
    await installWidgetCrd(api);
    await api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    const manager = newManager({
      kubeConfig: env.kubeConfig(),
      cache: { defaultNamespaces: [ns] },
      logger: recordingLogger(),
    });
    const capped = workqueue.itemExponentialFailureRateLimiter<string>(20, CAP_MS);
    const rateLimiter: workqueue.RateLimiter<string> = {
      ...capped,
      when: (key) => {
        const delay = capped.when(key);
        maxDelay = Math.max(maxDelay, delay);
        return delay;
      },
    };
    controllerManagedBy(manager)
      .for(WidgetType)
      .named('flaky')
      .withOptions({ rateLimiter, maxConcurrentReconciles: 2 })
      .complete({
        async reconcile({ namespace, name }) {
          attempts.set(name, [...(attempts.get(name) ?? []), Date.now()]);
          if (failing && faulty(name)) throw new Error(`injected fault for ${name}`);
          const widget = await manager.client.get(WidgetType, { namespace, name });
          if (widget.status?.ready === widget.spec?.size) return;
          await manager.client
            .status()
            .patch(widget, mergePatch({ status: { phase: 'Ready', ready: widget.spec?.size } }));
        },
      });
    running = manager.start(stop.signal);
  }, 60_000);

  afterAll(async () => {
    stop.abort();
    await running;
  }, 60_000);

  const names = Array.from({ length: KEYS }, (_, i) => `w-${i}`);
  const unconverged = async (subset: string[]) => {
    const { items } = await api.list(WidgetType, { namespace: ns });
    const byName = new Map(items.map((w: Widget) => [w.metadata?.name, w]));
    return subset.filter((n) => {
      const w = byName.get(n);
      return w === undefined || w.status?.ready !== w.spec?.size;
    });
  };

  it('keeps the other keys flowing, retries the failing ones, and converges after recovery', async () => {
    const start = Date.now();
    for (const name of names) {
      await api.create({
        apiVersion: 'core.operant.test/v1',
        kind: 'Widget',
        metadata: { namespace: ns, name },
        spec: { size: 1 },
      });
    }
    const healthy = names.filter((n) => !faulty(n));
    const broken = names.filter(faulty);
    await eventually(async () => expect(await unconverged(healthy)).toEqual([]), 60_000);
    const healthyMs = Date.now() - start;
    // while the fault lasts: updates of healthy keys still go through, faulty keys keep being retried
    for (const name of [...healthy.slice(0, 8), ...broken]) {
      const w = await api.get(WidgetType, { namespace: ns, name });
      await api.update({ ...w, spec: { ...w.spec, size: 3 } });
    }
    await eventually(async () => expect(await unconverged(healthy)).toEqual([]), 60_000);
    // 20 ms doubling reaches the 1 s cap at the 7th failure (20·2⁶ = 1280 → 1000): wait for one
    // more attempt than that, so the cap assertion below does not depend on how fast the wire is
    await eventually(() => {
      for (const name of broken) expect(attempts.get(name)?.length ?? 0).toBeGreaterThanOrEqual(8);
    }, 60_000);
    expect(await unconverged(broken)).toEqual(broken);
    expect(failing).toBe(true);

    failing = false;
    const recovered = Date.now();
    await eventually(async () => expect(await unconverged(names)).toEqual([]), 60_000);
    const recoverMs = Date.now() - recovered;
    const gaps = broken.flatMap((n) => {
      const times = attempts.get(n) ?? [];
      return times.slice(1).map((t, i) => t - (times[i] as number));
    });
    expect(maxDelay).toBeLessThanOrEqual(CAP_MS);
    expect(maxDelay).toBe(CAP_MS); // the backoff reached its cap, and stayed there
    report('reconciler throws for 10% of keys', {
      keys: KEYS,
      faultyKeys: broken.length,
      healthyConvergeMs: healthyMs,
      retriesPerFaultyKey: Math.min(...broken.map((n) => (attempts.get(n)?.length ?? 1) - 1)),
      backoffCapMs: CAP_MS,
      maxObservedGapMs: Math.max(...gaps),
      convergeAfterRecoveryMs: recoverMs,
      lost: (await unconverged(names)).length,
    });
  });
});
