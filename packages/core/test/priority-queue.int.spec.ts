/**
 * The priority queue on the real control plane: a controller with one worker starts on a
 * namespace of many ConfigMaps (its initial list, queued at low priority); one of them, the
 * last in list order, is changed while the first reconcile holds the worker. The change is
 * reconciled next, before every other key of the initial list; on the plain queue
 * (`usePriorityQueue: false` on the manager) it waits for its place in the list. Orders, not
 * timings: the first reconcile waits until the manager's cache has seen the change.
 */
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { requestFor } from '../src/api/request.js';
import { controllerManagedBy } from '../src/builder/builder.js';
import { ApiClient } from '../src/client/api-client.js';
import { mergePatch } from '../src/client/patch.js';
import { newManager } from '../src/manager/manager.js';
import { cm, eventually, forEachLimited, newNamespace } from './fixtures/helpers.js';

const N = 100;
const names = Array.from({ length: N }, (_, i) => `item-${String(i).padStart(3, '0')}`);
const target = names[N - 1] as string; // last in list order

describeWithControlPlane('the priority queue under an initial list', () => {
  const kc = sharedKubeConfig();
  const api = new ApiClient({ kubeConfig: kc }); // not the manager's client: its writes reach the cache by watch only
  let ns: string;
  let stop: AbortController;
  let running: Promise<void> | undefined;

  beforeEach(async () => {
    stop = new AbortController();
    running = undefined;
    ns = await newNamespace(api, 'prio');
    await forEachLimited(names, 10, (name) => api.create(cm(ns, name, { v: '1' })));
  }, 60_000);

  afterEach(async () => {
    stop.abort();
    await running;
  }, 30_000);

  /**
   * Starts a 1-worker controller for ConfigMaps (`for`, or `watches` with an object-literal
   * handler), changes `target` during the first reconcile; the reconcile order.
   */
  async function reconcileOrder(usePriorityQueue: boolean, how: 'for' | 'watches' = 'for'): Promise<string[]> {
    const mgr = newManager({ kubeConfig: kc, cache: { defaultNamespaces: [ns] }, usePriorityQueue });
    const seen: string[] = []; // the test's ConfigMaps (the namespace also has kube-root-ca.crt)
    let runs = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const declared = controllerManagedBy(mgr).named('configmaps');
    if (how === 'for') declared.for(V1ConfigMap);
    else
      declared.watches(V1ConfigMap, {
        create: ({ object }, queue) => queue.add(requestFor(object)),
        update: ({ objectNew }, queue) => queue.add(requestFor(objectNew)),
      });
    declared.withOptions({ maxConcurrentReconciles: 1 }).complete({
      async reconcile({ name }) {
        if (name.startsWith('item-')) seen.push(name);
        if (++runs === 1) await held;
      },
    });
    running = mgr.start(stop.signal);
    await eventually(() => expect(runs).toBe(1), { timeout: 30_000 });
    const changed = await api.patch(cm(ns, target), mergePatch({ data: { v: '2' } }));
    await eventually(async () => {
      const cached = await mgr.cache.get(V1ConfigMap, { namespace: ns, name: target });
      expect(cached.metadata?.resourceVersion).toBe(changed.metadata?.resourceVersion);
    });
    release();
    await eventually(() => expect(seen).toHaveLength(N), { timeout: 30_000 });
    return seen;
  }

  it('reconciles a change made during the initial sync before the rest of the initial list', async () => {
    const seen = await reconcileOrder(true);
    expect(seen[1]).toBe(target);
    expect(new Set(seen).size).toBe(N); // the change and the listed object were one item
    expect(seen.slice(2)).toEqual(names.filter((n) => n !== seen[0] && n !== target)); // the rest in list order
  }, 90_000);

  it('does the same for an object-literal handler given to watches()', async () => {
    const seen = await reconcileOrder(true, 'watches');
    expect(seen[1]).toBe(target);
    expect(seen.slice(2)).toEqual(names.filter((n) => n !== seen[0] && n !== target));
  }, 90_000);

  it('on the plain queue (usePriorityQueue: false), the change waits for its place in the list', async () => {
    const seen = await reconcileOrder(false);
    expect(seen.indexOf(target)).toBe(N - 1);
    expect(seen).toEqual(names);
  }, 90_000);
});
