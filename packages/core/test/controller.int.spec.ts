/**
 * Controllers built with controllerManagedBy() on the real control plane: For a CRD (Widget),
 * Owns ConfigMap. Creation, recreation of a deleted child, generationChanged filtering,
 * coalescing of rapid updates with per-key exclusivity, retries with backoff while other
 * keys flow, requeueAfter, a channel source, and a graceful stop with reconciles in flight.
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import type { Reconciler } from '../src/api/reconciler.js';
import type { Request } from '../src/api/request.js';
import { ignoreNotFound, isNotFound } from '../src/api/status-error.js';
import { controllerManagedBy } from '../src/builder/builder.js';
import { ApiClient } from '../src/client/api-client.js';
import type { Client } from '../src/client/interfaces.js';
import { mergePatch } from '../src/client/patch.js';
import { enqueueRequestForObject } from '../src/handler/enqueue-for-object.js';
import type { Manager } from '../src/manager/interfaces.js';
import { newManager } from '../src/manager/manager.js';
import { generationChanged } from '../src/predicate/changed.js';
import { channel } from '../src/source/channel.js';
import { itemExponentialFailureRateLimiter } from '../src/workqueue/rate-limiter.js';
import { eventually, installWidgetCrd, newNamespace, type Widget, WidgetType } from './fixtures/helpers.js';

const widget = (namespace: string, name: string, size = 1): Widget => ({
  apiVersion: 'core.operant.test/v1',
  kind: 'Widget',
  metadata: { namespace, name },
  spec: { size },
});

describeWithControlPlane('controllerManagedBy on the real API server', () => {
  const kc = sharedKubeConfig();
  let mgr: Manager;
  let stop: AbortController;
  let running: Promise<void> | undefined;
  let ns: string;
  let client: Client;

  beforeAll(async () => {
    await installWidgetCrd(new ApiClient({ kubeConfig: kc }));
  }, 60_000);

  beforeEach(async () => {
    stop = new AbortController();
    running = undefined;
    ns = await newNamespace(new ApiClient({ kubeConfig: kc }), 'ctrl');
    // each test's cache sees its own namespace only (controller-runtime's DefaultNamespaces)
    mgr = newManager({
      kubeConfig: kc,
      gracefulShutdownTimeoutMs: 10_000,
      cache: { defaultNamespaces: [ns] },
    });
    client = mgr.client;
  }, 30_000);

  afterEach(async () => {
    stop.abort();
    await running;
  }, 30_000);

  const startManager = () => {
    running = mgr.start(stop.signal);
  };

  /** Makes `<widget>-data` with a controller reference, recording each run. */
  const childMaker = (runs: Request[]): Reconciler => ({
    async reconcile(request) {
      runs.push(request);
      const w = await client.get(WidgetType, request).catch(ignoreNotFound);
      if (w === undefined) return;
      const desired: V1ConfigMap = {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: {
          namespace: request.namespace,
          name: `${request.name}-data`,
          ownerReferences: [
            {
              apiVersion: 'core.operant.test/v1',
              kind: 'Widget',
              name: request.name,
              uid: w.metadata?.uid as string,
              controller: true,
              blockOwnerDeletion: true,
            },
          ],
        },
        data: { size: String(w.spec?.size) },
      };
      await client.apply(desired, { force: true, fieldManager: 'widget-controller' });
    },
  });

  it('creates the owned ConfigMap for a new Widget and recreates it when deleted', async () => {
    const runs: Request[] = [];
    controllerManagedBy(mgr).for(WidgetType).owns(V1ConfigMap).complete(childMaker(runs));
    startManager();
    await client.create(widget(ns, 'w1', 3));
    const child = await eventually(() => client.get(V1ConfigMap, { namespace: ns, name: 'w1-data' }));
    expect(child.data).toEqual({ size: '3' });
    expect(child.metadata?.ownerReferences?.[0]).toMatchObject({ kind: 'Widget', name: 'w1', controller: true });

    await client.delete(child);
    const recreated = await eventually(async () => {
      const got = await client.get(V1ConfigMap, { namespace: ns, name: 'w1-data' });
      if (got.metadata?.uid === child.metadata?.uid) throw new Error('still the old ConfigMap');
      return got;
    });
    expect(recreated.data).toEqual({ size: '3' });
    expect(runs.every((r) => r.namespace === ns && r.name === 'w1')).toBe(true);
  });

  it('with generationChanged, a status-only change does not reconcile and a spec change does', async () => {
    const runs: Request[] = [];
    controllerManagedBy(mgr)
      .for(WidgetType)
      .withEventFilter(generationChanged())
      .complete({
        reconcile: async (r) => {
          runs.push(r);
        },
      });
    startManager();
    const created = await client.create(widget(ns, 'w2'));
    await eventually(() => expect(runs).toHaveLength(1));
    await client.status().patch(created, mergePatch({ status: { phase: 'Ready' } }));
    // give the status event time to arrive (and be filtered); then prove events still flow
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(runs).toHaveLength(1);
    await client.patch(created, mergePatch({ spec: { size: 2 } }));
    await eventually(() => expect(runs).toHaveLength(2));
  });

  it('coalesces 200 rapid updates of one object, never reconciling it twice at once, and converges', async () => {
    let inFlight = 0;
    let overlapped = false;
    let runs = 0;
    let lastSeen = 0;
    // the first reconcile is held until the cache has seen every update, so every event
    // arrives while the key is being processed: they must coalesce into one more run
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    controllerManagedBy(mgr)
      .for(WidgetType)
      .withOptions({ maxConcurrentReconciles: 4 })
      .complete({
        async reconcile(request) {
          inFlight++;
          if (inFlight > 1) overlapped = true;
          runs++;
          try {
            await gate;
            const w = await client.get(WidgetType, request);
            lastSeen = w.spec?.size ?? 0;
          } finally {
            inFlight--;
          }
        },
      });
    startManager();
    const created = await client.create(widget(ns, 'busy'));
    await eventually(() => expect(runs).toBe(1));
    // another writer: the manager's client would read its own writes back at once, before
    // the informer (whose store is updated before its handlers enqueue) has seen them
    const other = new ApiClient({ kubeConfig: kc });
    for (let size = 2; size <= 201; size++) await other.patch(created, mergePatch({ spec: { size } }));
    await eventually(async () =>
      expect((await client.get(WidgetType, { namespace: ns, name: 'busy' })).spec?.size).toBe(201),
    );
    open();
    await eventually(() => expect(lastSeen).toBe(201));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(overlapped).toBe(false);
    expect(runs).toBe(2);
  });

  it('retries a failing key with growing delays while other keys keep flowing', async () => {
    const failures: number[] = [];
    const good: string[] = [];
    controllerManagedBy(mgr)
      .for(WidgetType)
      .withOptions({ maxConcurrentReconciles: 2, rateLimiter: itemExponentialFailureRateLimiter(50, 10_000) })
      .complete({
        async reconcile({ name }) {
          if (name !== 'bad') {
            good.push(name);
            return;
          }
          failures.push(Date.now());
          if (failures.length <= 4) throw new Error('transient');
        },
      });
    startManager();
    await client.create(widget(ns, 'bad'));
    for (let i = 0; i < 5; i++) await client.create(widget(ns, `good-${i}`));
    await eventually(() => expect(good).toHaveLength(5));
    await eventually(() => expect(failures).toHaveLength(5), 30_000);
    const gaps = failures.slice(1).map((t, i) => t - (failures[i] as number));
    expect(gaps[0]).toBeGreaterThanOrEqual(45); // 50, 100, 200, 400 ms
    expect(gaps[3]).toBeGreaterThanOrEqual(380);
    expect(gaps[3]).toBeGreaterThan(gaps[0] as number);
  });

  it('runs again after requeueAfter, and reconciles keys from a channel source', async () => {
    const runs: string[] = [];
    const external = new EventEmitter();
    controllerManagedBy(mgr)
      .for(WidgetType)
      .watchesRawSource(channel(external, enqueueRequestForObject()))
      .complete({
        async reconcile({ name }) {
          runs.push(name);
          return name === 'periodic' && runs.filter((n) => n === 'periodic').length === 1 ? { requeueAfter: 300 } : {};
        },
      });
    startManager();
    await client.create(widget(ns, 'periodic'));
    await eventually(() => expect(runs.filter((n) => n === 'periodic')).toHaveLength(2));
    external.emit('event', { metadata: { namespace: ns, name: 'from-outside' } });
    await eventually(() => expect(runs).toContain('from-outside'));
  });

  it('on stop, lets in-flight reconciles finish before start() resolves', async () => {
    let finished = 0;
    let started = 0;
    controllerManagedBy(mgr)
      .for(WidgetType)
      .withOptions({ maxConcurrentReconciles: 2 })
      .complete({
        async reconcile() {
          started++;
          await new Promise((resolve) => setTimeout(resolve, 1500));
          finished++;
        },
      });
    startManager();
    await client.create(widget(ns, 'slow-1'));
    await client.create(widget(ns, 'slow-2'));
    await eventually(() => expect(started).toBe(2));
    stop.abort();
    await running;
    expect(finished).toBe(2);
  });

  it('reports builder mistakes together, naming each', () => {
    expect(() =>
      controllerManagedBy(mgr)
        .owns(V1ConfigMap)
        .complete({ reconcile: async () => undefined }),
    ).toThrow(/owns\(\) can only be used together with for\(\)[\s\S]*needs a name/);
    controllerManagedBy(mgr)
      .for(WidgetType)
      .complete({ reconcile: async () => undefined });
    expect(() =>
      controllerManagedBy(mgr)
        .for(WidgetType)
        .complete({ reconcile: async () => undefined }),
    ).toThrow('the name widget is already used by another controller; use named()');
    class Unknown {}
    expect(() =>
      controllerManagedBy(mgr)
        .for(Unknown as never)
        .complete({ reconcile: async () => undefined }),
    ).toThrow('for() names Unknown, an unknown kind; register it or use resourceType()');
  });

  it('lets a reconciler treat a missing object as done (a live read answers notFound)', async () => {
    let notFound = 0;
    const live = new ApiClient({ kubeConfig: kc });
    const external = new EventEmitter();
    controllerManagedBy(mgr)
      .named('ghosts')
      .watchesRawSource(channel(external, enqueueRequestForObject()))
      .complete({
        async reconcile(request) {
          await live.get(WidgetType, request).catch((err: unknown) => {
            if (isNotFound(err)) notFound++;
            else throw err;
          });
        },
      });
    startManager();
    // an EventEmitter does not buffer: emit until the started controller has heard one
    await eventually(() => {
      external.emit('event', { metadata: { namespace: ns, name: 'never-existed' } });
      expect(notFound).toBeGreaterThanOrEqual(1);
    });
  });
});
