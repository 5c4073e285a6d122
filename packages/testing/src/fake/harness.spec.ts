import { describe, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Pod } from '@kubernetes/client-node';
import {
  CLIENT,
  type Client,
  Controller,
  controllerutil,
  EVENT_RECORDER,
  type EventRecorder,
  ignoreNotFound,
  MANAGER,
  predicate,
  Reconcile,
  type Request,
  requeueAfter,
  TerminalError,
} from '@operant/core';
import { Cache } from '@operant/core/cache';
import * as coreClient from '@operant/core/client';
import { ClientError } from '@operant/core/client';
import { CLUSTER } from '@operant/core/di';
import type { Cluster } from '@operant/core/manager';
import { resourceType } from '@operant/core/resources';
import { inject } from 'inversify';
import { fakeClient } from './builder.js';
import { type HarnessOptions, ReconcileHarness } from './harness.js';
import { failWith } from './interceptor.js';

interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; uid?: string; generation?: number; labels?: Record<string, string> };
  spec?: { size?: number };
}
const WidgetType = resourceType<Widget>({
  group: 'harness.operant.test',
  version: 'v1',
  kind: 'Widget',
  plural: 'widgets',
  namespaced: true,
});
const widget = (name: string, size = 1): Widget => ({
  apiVersion: 'harness.operant.test/v1',
  kind: 'Widget',
  metadata: { namespace: 'ns', name },
  spec: { size },
});

/** Keeps a ConfigMap `<name>-size` holding the Widget's size. */
function sizeReconciler(client: Client) {
  return {
    async reconcile(req: Request) {
      const w = await client.get(WidgetType, req).catch(ignoreNotFound);
      if (w === undefined) return;
      const cm: V1ConfigMap = {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { namespace: req.namespace, name: `${req.name}-size` },
        data: { size: String(w.spec?.size) },
      };
      controllerutil.setControllerReference(w, cm);
      await client.apply(cm, { force: true, fieldManager: 'sizer' });
    },
  };
}

describe('ReconcileHarness', () => {
  it.each([
    // the seeded Widgets are the initial list (low priority); the owned ConfigMap a's
    // reconcile created is a live event, so a runs again before b, as in the runtime
    [true, ['a', 'a', 'b', 'b']],
    [false, ['a', 'b', 'a', 'b']],
  ])(
    'reconciles seeded objects until quiescent, recording requests and writes (usePriorityQueue %s)',
    async (usePriorityQueue, order) => {
      const client = fakeClient().withKinds(WidgetType).withObjects(widget('a'), widget('b', 2)).build();
      const h = new ReconcileHarness({ client });
      h.controllerManagedBy()
        .for(WidgetType)
        .owns(V1ConfigMap)
        .withOptions({ usePriorityQueue })
        .complete(sizeReconciler(client));
      const report = await h.run();
      expect(report).toEqual({ steps: 4, quiescent: true, delayed: 0 });
      // each Widget once, then once more for the ConfigMap its reconcile created (owns)
      expect(h.processed.map((p) => `${p.request.name}:${p.outcome}`)).toEqual(order.map((n) => `${n}:success`));
      expect(h.writes.map((w) => `${w.verb} ${w.kind} ${w.name}`)).toEqual(
        order.map((n) => `apply ConfigMap ${n}-size`),
      );
      const cm = await client.get(V1ConfigMap, { namespace: 'ns', name: 'b-size' });
      expect(cm.data).toEqual({ size: '2' });
    },
  );

  it('reconciles again when the test changes an object, filtered by predicates', async () => {
    const client = fakeClient().withKinds(WidgetType).withObjects(widget('a')).build();
    const h = new ReconcileHarness({ client });
    h.controllerManagedBy()
      .for(WidgetType)
      .withEventFilter(predicate.generationChanged())
      .complete(sizeReconciler(client));
    await h.run();
    const w = await client.get(WidgetType, { namespace: 'ns', name: 'a' });
    await client.update({ ...w, metadata: { ...w.metadata, labels: { x: 'y' } } });
    expect((await h.run()).steps).toBe(0);
    await client.update({ ...(await client.get(WidgetType, { namespace: 'ns', name: 'a' })), spec: { size: 5 } });
    expect((await h.run()).steps).toBe(1);
    // no controller watches ConfigMaps, so the manager's client would refuse this read: the API reader's
    expect((await h.apiReader.get(V1ConfigMap, { namespace: 'ns', name: 'a-size' })).data).toEqual({ size: '5' });
  });

  it('waits for requeueAfter on the fake clock and backs off after errors', async () => {
    const client = fakeClient().withKinds(WidgetType).withObjects(widget('a')).build();
    const h = new ReconcileHarness({ client });
    let calls = 0;
    h.controllerManagedBy()
      .for(WidgetType)
      .complete({
        async reconcile() {
          calls++;
          if (calls <= 2) throw new Error('flaky');
          if (calls === 3) return requeueAfter(60_000);
          throw new TerminalError(new Error('done for good'));
        },
      });
    const first = await h.run();
    expect(first).toMatchObject({ steps: 1, quiescent: true, delayed: 1 });
    const rest = await h.run({ advance: 120_000 });
    expect(rest.steps).toBe(3);
    expect(h.processed.map((p) => [p.outcome, p.at])).toEqual([
      ['error', 0],
      ['error', 5], // 5 ms backoff, then 10 ms
      ['requeue_after', 15],
      ['terminal', 60_015],
    ]);
    expect(h.clock.now()).toBe(60_015);
  });

  it('refuses reads the manager would refuse: kinds no controller watches, unless byObject or readLive', async () => {
    @Controller({ for: WidgetType, owns: [V1ConfigMap] })
    class PodCounter {
      constructor(@inject(CLIENT) private readonly client: Client) {}

      @Reconcile()
      async reconcile(req: Request): Promise<void> {
        await this.client.list(V1ConfigMap, { namespace: req.namespace }); // owned: cached
        await this.client.list(V1Pod, { namespace: req.namespace });
      }
    }
    const run = async (options: Omit<HarnessOptions, 'client'>) => {
      const h = new ReconcileHarness({
        client: fakeClient().withKinds(WidgetType).withObjects(widget('a')).build(),
        ...options,
      });
      await h.addControllers([PodCounter]);
      await h.run({ maxSteps: 1 });
      return h.processed[0];
    };
    const refused = await run({});
    expect(refused?.outcome).toBe('error');
    expect(ClientError.is(refused?.error, 'notCached')).toBe(true);
    expect(String(refused?.error)).toContain(
      "unable to list Pod in ns: Pod is not cached; add it to the cache's byObject options or to the client's readLive list",
    );
    expect((await run({ readLive: [V1Pod] }))?.outcome).toBe('success');
    expect((await run({ cache: { byObject: [{ type: V1Pod }] } }))?.outcome).toBe('success');
  });

  it('runs decorated controllers with injected client and recorder, and reports injected errors', async () => {
    @Controller({ for: WidgetType })
    class Announcer {
      constructor(
        @inject(EVENT_RECORDER) private readonly recorder: EventRecorder,
        @inject('client') private readonly client: Client,
      ) {}

      @Reconcile()
      async reconcile(req: Request): Promise<void> {
        const w = await this.client.get(WidgetType, req);
        await this.client.update({ ...w, metadata: { ...w.metadata, labels: { seen: 'yes' } } });
        this.recorder.event(w, 'Normal', 'Seen', `saw ${req.name}`);
      }
    }
    const client = fakeClient()
      .withKinds(WidgetType)
      .withObjects(widget('a'))
      .withInterceptor(failWith('conflict', { verb: 'update' }))
      .build();
    const h = new ReconcileHarness({ client });
    await h.addControllers([Announcer], { providers: [{ provide: 'client', useValue: client }] });
    await h.run({ advance: 1000 });
    expect(h.processed.map((p) => p.outcome)).toEqual(['error', 'success', 'success']);
    expect(String(h.processed[0]?.error)).toContain('the object has been modified');
    expect(h.recorder.strings()).toEqual(['Normal Seen saw a', 'Normal Seen saw a']);
    expect(h.processed.map((p) => [p.writes.map((w) => w.error?.kind ?? 'ok'), p.events.length])).toEqual([
      [['conflict'], 0],
      [['ok'], 1],
      [['ok'], 1],
    ]);
    expect(h.writes.filter((w) => w.error !== undefined)).toHaveLength(1);
  });

  it('is a Cluster: decorated controllers inject CLUSTER, Cache and KubeConfig from it, not MANAGER', async () => {
    @Controller({ for: WidgetType })
    class SameSize {
      constructor(
        @inject(CLUSTER) private readonly cluster: Cluster,
        cache: Cache,
        @inject(coreClient.KubeConfig) readonly kubeConfig: unknown,
      ) {
        cache.indexField(WidgetType, 'spec.size', (w) => [String(w.spec?.size)]);
      }

      @Reconcile()
      async reconcile(req: Request): Promise<void> {
        const w = await this.cluster.client.get(WidgetType, req);
        const same = await this.cluster.cache.list(WidgetType, {
          matchingFields: { 'spec.size': String(w.spec?.size) },
        });
        this.cluster.getEventRecorderFor('same-size').event(w, 'Normal', 'SameSize', String(same.items.length));
      }
    }
    @Controller({ for: WidgetType, name: 'needs-manager' })
    class NeedsManager {
      constructor(@inject(MANAGER) readonly manager: unknown) {}

      @Reconcile()
      async reconcile(): Promise<void> {}
    }
    const client = fakeClient()
      .withKinds(WidgetType)
      .withObjects(widget('a', 1), widget('b', 2), widget('c', 2))
      .build();
    const h = new ReconcileHarness({ client });
    const cluster: Cluster = h;
    await h.addControllers([SameSize]);
    expect(h.get<SameSize>(SameSize).kubeConfig).toBe(cluster.kubeConfig);
    await h.run();
    expect(h.recorder.strings()).toEqual(['Normal SameSize 1', 'Normal SameSize 2', 'Normal SameSize 2']);
    await expect(new ReconcileHarness({ client }).addControllers([NeedsManager])).rejects.toThrow(
      '@operant/core/Manager',
    );
  });
});
