/**
 * Streaming lists against kube-apiserver v1.37.2 (every request observed on the wire):
 *
 * - With the `WatchList` gate on (its default; the watch cache off and etcd compacted every
 *   2 s, as in gone.int.spec.ts, to force a 410): the cache syncs from one WATCH with
 *   `sendInitialEvents` and no LIST at all; after a cut longer than the compaction, the
 *   relist is a streaming list again, and an object deleted meanwhile vanishes (a
 *   finalStateUnknown delete). With `watchList: false` it lists by pages.
 * - With the gate off the server refuses the streaming watch (422) and the cache falls back
 *   to a paged list (the reflector keeps to them from then on: reflector-streaming.spec.ts).
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import { Cache } from '../src/cache/cache.js';
import type { ReflectorOptions } from '../src/cache/reflector.js';
import { ApiClient } from '../src/client/api-client.js';
import type { KubeConfigSource } from '../src/client/kubeconfig.js';
import { RestClient } from '../src/client/rest.js';
import { waitUntilCompacted } from './fixtures/compaction.js';
import { cm, eventually, newNamespace } from './fixtures/helpers.js';
import { type RecordedEvent, recorder } from './fixtures/recorder.js';
import { TcpProxy } from './fixtures/tcp-proxy.js';

const skip = ownControlPlaneSkipReason();

/** What one configmaps request of the cache was: a streaming list, a paged list or a watch. */
function shape(url: URL): string {
  const q = url.searchParams;
  if (q.get('watch') !== 'true') return `list limit=${q.get('limit')}`;
  if (q.get('sendInitialEvents') === 'true') {
    return `stream ${q.get('resourceVersionMatch')} rv=${q.get('resourceVersion') ?? ''}`;
  }
  return 'watch';
}

/** A cache of the ConfigMaps of `ns`, its requests and events recorded. */
async function startCache(
  kubeConfig: KubeConfigSource,
  ns: string,
  signal: AbortSignal,
  reflector: ReflectorOptions = {},
) {
  const rest = new RestClient(kubeConfig);
  const requests: string[] = [];
  rest.onRequest(({ url }) => {
    if (url.pathname.endsWith('/configmaps')) requests.push(shape(url));
  });
  const cache = new Cache({
    rest,
    byObject: [{ type: V1ConfigMap, namespaces: [ns] }],
    reflector: { backoff: { initialMs: 500, maxMs: 1000 }, ...reflector },
  });
  const events: RecordedEvent[] = [];
  cache.getInformer(V1ConfigMap).addEventHandler(recorder(events));
  const running = cache.start(signal);
  expect(await cache.waitForCacheSync(signal)).toBe(true);
  const health = () => cache.health()[0]?.reflectors[0];
  const names = async () =>
    (await cache.list(V1ConfigMap, { namespace: ns })).items.map((o) => o.metadata?.name).sort();
  return { cache, requests, events, running, health, names };
}

describeOrSkip('streaming lists (WatchList on)', skip, () => {
  const env = useControlPlane({ apiServerFlags: { 'watch-cache': 'false', 'etcd-compaction-interval': '2s' } });
  let api: ApiClient;
  let ns: string;
  let proxy: TcpProxy;
  const stop = new AbortController();
  const running: Promise<void>[] = [];

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: env.kubeConfig() });
    ns = await newNamespace(api, 'watch-list');
    await api.create(cm(ns, 'keep'));
    const url = new URL(env.server);
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port) });
    await proxy.start();
  });

  afterAll(async () => {
    stop.abort();
    await Promise.all(running);
    await proxy.stop();
  });

  it('should sync from one streaming watch, with no LIST, and carry on with live events on it', async () => {
    const c = await startCache(env.kubeConfig(), ns, stop.signal);
    running.push(c.running);
    expect(c.requests).toEqual(['stream NotOlderThan rv=']);
    expect(await c.names()).toEqual(['keep']);
    await api.create(cm(ns, 'live'));
    await eventually(() => expect(c.events.find((e) => e.name === 'live' && e.type === 'add')?.initial).toBe(false));
    expect(c.requests).toEqual(['stream NotOlderThan rv=']);
    expect(c.health()).toMatchObject({ synced: true, lists: 1, watching: true });
  }, 60_000);

  it('should relist by streaming after a 410 and drop an object deleted while disconnected', async () => {
    const doomed = await api.create(cm(ns, 'doomed'));
    const c = await startCache(proxy.kubeConfigFor(env.kubeConfig()), ns, stop.signal);
    running.push(c.running);
    await eventually(() => expect(c.health()?.watching).toBe(true));
    const lastSeen = c.health()?.resourceVersion as string;

    proxy.cut();
    await eventually(() => expect(c.health()?.consecutiveFailures).toBeGreaterThan(0));
    await api.delete(doomed);
    await api.create(cm(ns, 'born'));
    await waitUntilCompacted(api, ns, lastSeen); // the cache's resumed watch gets 410
    proxy.heal();
    await eventually(() => expect(c.health()?.lists).toBe(2), 30_000);
    const doomedDelete = c.events.find((e) => e.name === 'doomed' && e.type === 'delete');
    expect(doomedDelete?.finalStateUnknown).toBe(true);
    expect(await c.names()).not.toContain('doomed');
    expect(await c.names()).toContain('born');
    const streams = c.requests.filter((r) => r.startsWith('stream'));
    expect(streams).toEqual(['stream NotOlderThan rv=', 'stream NotOlderThan rv=']);
    expect(c.requests.some((r) => r.startsWith('list'))).toBe(false);
  }, 120_000);

  it('should list by pages with watchList: false', async () => {
    const c = await startCache(env.kubeConfig(), ns, stop.signal, { watchList: false });
    running.push(c.running);
    await eventually(() => expect(c.health()?.watching).toBe(true));
    expect(c.requests).toEqual(['list limit=500', 'watch']);
    expect(await c.names()).toContain('keep');
  }, 60_000);
});

describeOrSkip('streaming lists (WatchList off)', skip, () => {
  const env = useControlPlane({ apiServerFlags: { 'feature-gates': 'ShardedListAndWatch=true,WatchList=false' } });
  const stop = new AbortController();
  let running: Promise<void> | undefined;

  afterAll(async () => {
    stop.abort();
    await running;
  });

  it('should fall back to a paged list when the server refuses the streaming watch (422)', async () => {
    const api = new ApiClient({ kubeConfig: env.kubeConfig() });
    const ns = await newNamespace(api, 'watch-list-off');
    await api.create(cm(ns, 'keep'));
    const c = await startCache(env.kubeConfig(), ns, stop.signal);
    running = c.running;
    await eventually(() => expect(c.health()?.watching).toBe(true));
    expect(c.requests).toEqual(['stream NotOlderThan rv=', 'list limit=500', 'watch']);
    expect(c.health()).toMatchObject({ synced: true, lists: 1, consecutiveFailures: 0 });
    expect(await c.names()).toEqual(['keep']);
  }, 60_000);
});
