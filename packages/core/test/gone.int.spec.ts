/**
 * A forced 410: with kube-apiserver's watch cache off and etcd compacted every 2 s, a watch
 * that resumes from a resourceVersion older than the compaction gets "too old resource
 * version". The cache relists and emits the difference: the add, the update, and the
 * synthesized delete (finalStateUnknown) of an object removed while its watch was down.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import { Cache } from '../src/cache/cache.js';
import { ApiClient } from '../src/client/api-client.js';
import { waitUntilCompacted } from './fixtures/compaction.js';
import { cm, eventually, newNamespace } from './fixtures/helpers.js';
import { type RecordedEvent, recorder } from './fixtures/recorder.js';
import { TcpProxy } from './fixtures/tcp-proxy.js';

const flags = { 'watch-cache': 'false', 'etcd-compaction-interval': '2s' };
const skip = ownControlPlaneSkipReason();

describeOrSkip(`relist on 410 Gone`, skip, () => {
  const env = useControlPlane({ apiServerFlags: flags });
  let api: ApiClient;
  let ns: string;
  let proxy: TcpProxy;
  const stop = new AbortController();
  let running: Promise<void> | undefined;

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: env.kubeConfig() });
    ns = await newNamespace(api, 'gone');
    const url = new URL(env.server);
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port) });
    await proxy.start();
  });

  afterAll(async () => {
    stop.abort();
    await running;
    await proxy.stop();
  });

  it('should relist and synthesize the delete of an object removed meanwhile', async () => {
    const keep = await api.create(cm(ns, 'keep', { v: '1' }));
    const doomed = await api.create(cm(ns, 'doomed'));
    const cache = new Cache({
      kubeConfig: proxy.kubeConfigFor(env.kubeConfig()),
      byObject: [{ type: V1ConfigMap, namespaces: [ns] }],
      reflector: { backoff: { initialMs: 500, maxMs: 1000 } },
    });
    const events: RecordedEvent[] = [];
    cache.getInformer(V1ConfigMap).addEventHandler(recorder(events));
    running = cache.start(stop.signal);
    expect(await cache.waitForCacheSync(stop.signal)).toBe(true);
    const reflector = () => cache.health()[0]?.reflectors[0];
    await eventually(() => expect(reflector()?.watching).toBe(true));
    const lastSeen = reflector()?.resourceVersion as string;

    proxy.cut();
    await eventually(() => expect(reflector()?.consecutiveFailures).toBeGreaterThan(0));
    await api.delete(doomed);
    await api.update({ ...keep, data: { v: '2' } });
    await api.create(cm(ns, 'born'));
    await waitUntilCompacted(api, ns, lastSeen); // the cache's resumed watch gets 410
    expect(reflector()?.lists).toBe(1);

    proxy.heal();
    await eventually(
      () => expect(events.find((e) => e.name === 'doomed' && e.type === 'delete')).toBeDefined(),
      30_000,
    );
    expect(events.find((e) => e.name === 'doomed' && e.type === 'delete')?.finalStateUnknown).toBe(true);
    await eventually(() => {
      expect(events.find((e) => e.name === 'keep' && e.type === 'update')).toMatchObject({
        oldData: { v: '1' },
        data: { v: '2' },
      });
      expect(events.find((e) => e.name === 'born' && e.type === 'add')?.initial).toBe(false);
    });
    expect(reflector()?.lists).toBe(2);
    expect(reflector()?.lastError?.kind).toBe('gone');
    expect((await cache.list(V1ConfigMap, { namespace: ns })).items.map((o) => o.metadata?.name).sort()).toEqual([
      'born',
      'keep',
    ]);
  }, 120_000);
});
