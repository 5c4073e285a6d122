/**
 * The cache against the real API server: sync and events, indexes, namespace/label/field scoping,
 * managedFields stripping, metadata-only, frozen shared objects, the client reading from it,
 * and no timers or sockets left once it stops.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Secret } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { deepCopy, type KubernetesObject } from '../src/api/object.js';
import { isNotCached, isNotFound } from '../src/api/status-error.js';
import { Cache, type CacheOptions } from '../src/cache/cache.js';
import { ApiClient } from '../src/client/api-client.js';
import { newClient } from '../src/client/client.js';
import { cm, eventually, newNamespace } from './fixtures/helpers.js';
import { type RecordedEvent, recorder } from './fixtures/recorder.js';

describeWithControlPlane('cache', () => {
  let api: ApiClient;
  let nsA: string;
  let nsB: string;
  let stop: AbortController;
  let running: Promise<void>[];

  const startCache = async (options: Omit<CacheOptions, 'kubeConfig'>): Promise<Cache> => {
    const cache = new Cache({ kubeConfig: sharedKubeConfig(), ...options });
    running.push(cache.start(stop.signal));
    return cache;
  };

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: sharedKubeConfig(), fieldOwner: 'cache-int' });
    nsA = await newNamespace(api, 'cache-a');
    nsB = await newNamespace(api, 'cache-b');
  });

  afterAll(async () => {
    for (const name of [nsA, nsB]) await api.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  });

  beforeEach(() => {
    stop = new AbortController();
    running = [];
  });

  afterEach(async () => {
    stop.abort();
    await Promise.all(running);
  });

  it('should sync, then deliver add, update and delete events with old and new objects', async () => {
    await api.create(cm(nsA, 'ev-before', { v: '0' }, { suite: 'events' }));
    const cache = await startCache({
      byObject: [{ type: V1ConfigMap, namespaces: [nsA], labelSelector: 'suite=events' }],
    });
    const events: RecordedEvent[] = [];
    cache.getInformer(V1ConfigMap).addEventHandler(recorder(events));
    expect(await cache.waitForCacheSync(stop.signal)).toBe(true);
    expect(events).toEqual([{ type: 'add', name: 'ev-before', initial: true, data: { v: '0' } }]);

    const created = await api.create(cm(nsA, 'ev-new', { v: '1' }, { suite: 'events' }));
    await api.update({ ...created, data: { v: '2' } });
    await api.delete(created);
    await eventually(() =>
      expect(events.filter((e) => e.name === 'ev-new').map((e) => e.type)).toEqual(['add', 'update', 'delete']),
    );
    expect(events.find((e) => e.name === 'ev-new' && e.type === 'update')).toMatchObject({
      oldData: { v: '1' },
      data: { v: '2' },
    });
    expect(events.find((e) => e.name === 'ev-new' && e.type === 'delete')?.finalStateUnknown).toBe(false);
    expect(events.find((e) => e.name === 'ev-new' && e.type === 'add')?.initial).toBe(false);

    // a handler added after sync first gets the current objects as adds
    const late: RecordedEvent[] = [];
    const registration = cache.getInformer(V1ConfigMap).addEventHandler(recorder(late));
    expect(late).toEqual([{ type: 'add', name: 'ev-before', initial: true, data: { v: '0' } }]);
    expect(registration.hasSynced()).toBe(true);
    const health = cache.health()[0];
    expect(health).toMatchObject({ kind: 'ConfigMap', synced: true, objects: 1 });
    expect(health?.reflectors[0]?.watching).toBe(true);
  });

  it('should answer the client from the cache with frozen shared objects, and refuse uncached kinds', async () => {
    await api.create(cm(nsA, 'frozen', { a: '1' }));
    const cache = await startCache({ byObject: [{ type: V1ConfigMap, namespaces: [nsA] }] });
    const client = newClient({ kubeConfig: sharedKubeConfig(), cache });
    const got = await client.get(V1ConfigMap, { namespace: nsA, name: 'frozen' });
    const again = await client.get(V1ConfigMap, { namespace: nsA, name: 'frozen' });
    expect(again).toBe(got); // shared, not copied
    expect(Object.isFrozen(got.data)).toBe(true);
    expect(() => {
      (got.data as Record<string, string>).a = 'changed';
    }).toThrow(TypeError);
    const mine = deepCopy(got);
    (mine.data as Record<string, string>).a = '2';
    await client.update(mine);
    await eventually(async () =>
      expect((await client.get(V1ConfigMap, { namespace: nsA, name: 'frozen' })).data).toEqual({ a: '2' }),
    );
    expect(
      isNotFound(await client.get(V1ConfigMap, { namespace: nsA, name: 'missing' }).catch((e: unknown) => e)),
    ).toBe(true);
    expect(isNotCached(await client.get(V1Secret, { namespace: nsA, name: 'x' }).catch((e: unknown) => e))).toBe(true);
  });

  it('should look objects up by field index', async () => {
    await Promise.all(
      ['red', 'red', 'blue'].map((color, i) => api.create(cm(nsA, `idx-${i}`, { color }, { suite: 'index' }))),
    );
    const cache = await startCache({
      byObject: [{ type: V1ConfigMap, labelSelector: { matchLabels: { suite: 'index' } } }],
    });
    cache.indexField(V1ConfigMap, 'data.color', (o) => (o.data?.color ? [o.data.color] : []));
    const client = newClient({ kubeConfig: sharedKubeConfig(), cache });
    const red = await client.list(V1ConfigMap, { matchingFields: { 'data.color': 'red' } });
    expect(red.items.map((o) => o.metadata?.name).sort()).toEqual(['idx-0', 'idx-1']);
    const blueInA = await client.list(V1ConfigMap, { namespace: nsA, matchingFields: { 'data.color': 'blue' } });
    expect(blueInA.items.map((o) => o.metadata?.name)).toEqual(['idx-2']);
    expect(
      (await client.list(V1ConfigMap, { namespace: nsB, matchingFields: { 'data.color': 'blue' } })).items,
    ).toEqual([]);
    // the index follows updates
    const blue = blueInA.items[0] as V1ConfigMap;
    await api.update({ ...deepCopy(blue), data: { color: 'red' } });
    await eventually(async () =>
      expect((await client.list(V1ConfigMap, { matchingFields: { 'data.color': 'red' } })).items).toHaveLength(3),
    );
    expect((await client.list(V1ConfigMap, { matchingFields: { 'data.color': 'blue' } })).items).toHaveLength(0);
  });

  it('should hold only the configured namespaces and labels', async () => {
    await api.create(cm(nsA, 'scoped', {}, { suite: 'scope', keep: 'yes' }));
    await api.create(cm(nsA, 'unlabelled', {}, { suite: 'scope' }));
    await api.create(cm(nsB, 'scoped', {}, { suite: 'scope', keep: 'yes' }));
    const nsCache = await startCache({
      byObject: [{ type: V1ConfigMap, namespaces: [nsA], labelSelector: 'suite=scope' }],
    });
    const labelCache = await startCache({ byObject: [{ type: V1ConfigMap, labelSelector: 'keep=yes' }] });
    const fieldCache = await startCache({
      byObject: [{ type: V1ConfigMap, fieldSelector: { 'metadata.name': 'scoped' } }],
    });
    expect(await nsCache.waitForCacheSync(stop.signal)).toBe(true);
    expect(await labelCache.waitForCacheSync(stop.signal)).toBe(true);
    expect(await fieldCache.waitForCacheSync(stop.signal)).toBe(true);
    expect((await fieldCache.list(V1ConfigMap, {})).items.map((o) => o.metadata?.namespace).sort()).toEqual([nsA, nsB]);

    const inA = await nsCache.list(V1ConfigMap, {});
    expect(inA.items.map((o) => `${o.metadata?.namespace}/${o.metadata?.name}`).sort()).toEqual([
      `${nsA}/scoped`,
      `${nsA}/unlabelled`,
    ]);
    expect(
      isNotCached(await nsCache.get(V1ConfigMap, { namespace: nsB, name: 'scoped' }).catch((e: unknown) => e)),
    ).toBe(true);
    // what the API server did not send is not in the cache
    expect(
      (await nsCache.list(V1ConfigMap, { namespace: nsA })).items.some((o) => o.metadata?.name === 'kube-root-ca.crt'),
    ).toBe(false);

    const labelled = await labelCache.list(V1ConfigMap, {});
    expect(labelled.items.map((o) => `${o.metadata?.namespace}/${o.metadata?.name}`).sort()).toEqual([
      `${nsA}/scoped`,
      `${nsB}/scoped`,
    ]);
    // a cached list can select further, the way the API server would
    expect((await nsCache.list(V1ConfigMap, { labelSelector: '!keep' })).items.map((o) => o.metadata?.name)).toEqual([
      'unlabelled',
    ]);
    expect((await nsCache.list(V1ConfigMap, { fieldSelector: { 'metadata.name': 'scoped' } })).items).toHaveLength(1);
  });

  it('should strip managedFields by default, keep them on opt-out, run user transforms, and cache metadata only', async () => {
    await api.apply(cm(nsB, 'managed', { big: 'x'.repeat(100) }), { fieldManager: 'someone' });
    const stripped = await startCache({
      byObject: [
        {
          type: V1ConfigMap,
          namespaces: [nsB],
          transform: (o: KubernetesObject) => ({
            ...o,
            metadata: { ...o.metadata, annotations: { transformed: 'yes' } },
          }),
        },
      ],
    });
    const kept = await startCache({ byObject: [{ type: V1ConfigMap, namespaces: [nsB], stripManagedFields: false }] });
    const meta = await startCache({ byObject: [{ type: V1ConfigMap, namespaces: [nsB], metadataOnly: true }] });
    const s = await stripped.get(V1ConfigMap, { namespace: nsB, name: 'managed' });
    expect(s.metadata?.managedFields).toBeUndefined();
    expect(s.metadata?.annotations).toEqual({ transformed: 'yes' });
    const k = await kept.get(V1ConfigMap, { namespace: nsB, name: 'managed' });
    expect(k.metadata?.managedFields?.map((f) => f.manager)).toContain('someone');
    const m = (await meta.get(V1ConfigMap, { namespace: nsB, name: 'managed' })) as KubernetesObject & {
      data?: unknown;
    };
    expect(m.kind).toBe('PartialObjectMetadata');
    expect(m.metadata?.name).toBe('managed');
    expect(m.data).toBeUndefined();
    expect(m.metadata?.managedFields).toBeUndefined();
  });

  it('should report waitForCacheSync false when aborted before sync, and fail reads before start', async () => {
    const cache = new Cache({ kubeConfig: sharedKubeConfig(), byObject: [{ type: V1ConfigMap, namespaces: [nsA] }] });
    const early = new AbortController();
    early.abort();
    expect(await cache.waitForCacheSync(early.signal)).toBe(false);
    await expect(cache.get(V1ConfigMap, { namespace: nsA, name: 'x' })).rejects.toThrow('the cache is not started');
  });

  it('should leave no timers or sockets behind once stopped', async () => {
    const baseline = countResources();
    const own = new AbortController();
    const cache = new Cache({
      kubeConfig: sharedKubeConfig(),
      byObject: [{ type: V1ConfigMap, namespaces: [nsA, nsB] }],
    });
    const done = cache.start(own.signal);
    expect(await cache.waitForCacheSync(own.signal)).toBe(true);
    await eventually(() => expect(cache.health()[0]?.reflectors.every((r) => r.watching)).toBe(true));
    expect(countResources().total).toBeGreaterThan(baseline.total); // the watches hold sockets and timers
    own.abort();
    await done;
    // idle keep-alive sockets of earlier tests may close meanwhile: nothing may be above the baseline
    await eventually(() => {
      const now = countResources();
      expect(now.timers).toBeLessThanOrEqual(baseline.timers);
      expect(now.sockets).toBeLessThanOrEqual(baseline.sockets);
    }, 10_000);
  }, 30_000);
});

/** Timers and sockets that keep the event loop alive. */
function countResources(): { timers: number; sockets: number; total: number } {
  const active = process.getActiveResourcesInfo();
  const timers = active.filter((r) => r === 'Timeout').length;
  const sockets = active.filter((r) => r === 'TCPSocketWrap' || r === 'TLSWrap').length;
  return { timers, sockets, total: timers + sockets };
}
