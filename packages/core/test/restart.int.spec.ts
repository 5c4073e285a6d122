/**
 * The watch survives a kube-apiserver restart (same etcd, same port) without losing an
 * event: changes made right after the restart, while the cache's watch is still down and
 * backing off, all reach the cache and its handlers, and the watch carries on afterwards.
 * And a watch whose connection goes silent (frozen by a proxy, not closed) is abandoned by
 * the inactivity watchdog or the HTTP/2 PING, and resumed.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import { isNotFound } from '../src/api/status-error.js';
import { Cache } from '../src/cache/cache.js';
import { ApiClient } from '../src/client/api-client.js';
import { cm, eventually, newNamespace } from './fixtures/helpers.js';
import { type RecordedEvent, recorder } from './fixtures/recorder.js';
import { TcpProxy } from './fixtures/tcp-proxy.js';

const skip = ownControlPlaneSkipReason();

describeOrSkip(`watch across a kube-apiserver restart`, skip, () => {
  const env = useControlPlane();
  let api: ApiClient;
  let ns: string;
  const stop = new AbortController();
  let running: Promise<void> | undefined;

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: env.kubeConfig() });
    ns = await newNamespace(api, 'restart');
  });

  afterAll(async () => {
    stop.abort();
    await running;
  });

  it('should deliver every change made while the API server was away', async () => {
    const survivor = await api.create(cm(ns, 'survivor', { v: '1' }));
    const doomed = await api.create(cm(ns, 'doomed'));
    // a fixed 2 s retry: the writes below land before the cache reconnects
    const cache = new Cache({
      kubeConfig: env.kubeConfig(),
      byObject: [{ type: V1ConfigMap, namespaces: [ns] }],
      reflector: { backoff: { initialMs: 2000, maxMs: 2000, jitter: 0 } },
    });
    const events: RecordedEvent[] = [];
    cache.getInformer(V1ConfigMap).addEventHandler(recorder(events));
    running = cache.start(stop.signal);
    expect(await cache.waitForCacheSync(stop.signal)).toBe(true);
    await eventually(() => expect(cache.health()[0]?.reflectors[0]?.watching).toBe(true));

    const pidBefore = env.pids()['kube-apiserver'];
    await env.restartApiServer();
    expect(env.pids()['kube-apiserver']).not.toBe(pidBefore);
    await api.create(cm(ns, 'born', { v: 'new' }));
    await api.update({
      ...survivor,
      metadata: { ...survivor.metadata, resourceVersion: undefined },
      data: { v: '2' },
    });
    await api.delete(doomed);

    await eventually(async () => {
      expect((await cache.get(V1ConfigMap, { namespace: ns, name: 'born' })).data).toEqual({ v: 'new' });
      expect((await cache.get(V1ConfigMap, { namespace: ns, name: 'survivor' })).data).toEqual({ v: '2' });
      expect(isNotFound(await cache.get(V1ConfigMap, { namespace: ns, name: 'doomed' }).catch((e: unknown) => e))).toBe(
        true,
      );
    }, 60_000);
    const after = events.filter((e) => !e.initial);
    expect(after.find((e) => e.name === 'born')?.type).toBe('add');
    expect(after.find((e) => e.name === 'survivor')).toMatchObject({
      type: 'update',
      oldData: { v: '1' },
      data: { v: '2' },
    });
    expect(after.find((e) => e.name === 'doomed')?.type).toBe('delete');
    const health = cache.health()[0]?.reflectors[0];
    expect(health?.lastError).toBeDefined(); // the watch did break
    process.stderr.write(
      `[restart] reconnected after ${health?.lists} list(s); last error: ${health?.lastError?.kind}: ${health?.lastError?.message}\n`,
    );

    // and the watch is live again
    await api.create(cm(ns, 'later'));
    await eventually(() => expect(events.some((e) => e.name === 'later' && e.type === 'add')).toBe(true));
  }, 120_000);

  it('should resume a watch whose connection went silent', async () => {
    const url = new URL(env.server);
    const proxy = new TcpProxy({ host: url.hostname, port: Number(url.port) });
    await proxy.start();
    const own = new AbortController();
    const cache = new Cache({
      kubeConfig: proxy.kubeConfigFor(env.kubeConfig()),
      byObject: [{ type: V1ConfigMap, namespaces: [ns] }],
      reflector: { inactivityTimeoutMs: 3000, backoff: { initialMs: 200, maxMs: 200 } },
    });
    const events: RecordedEvent[] = [];
    cache.getInformer(V1ConfigMap).addEventHandler(recorder(events));
    const done = cache.start(own.signal);
    try {
      expect(await cache.waitForCacheSync(own.signal)).toBe(true);
      // an event through the watch proves its connection is up before it is frozen
      await api.create(cm(ns, 'before-silence'));
      await eventually(() => expect(events.some((e) => e.name === 'before-silence' && e.type === 'add')).toBe(true));
      proxy.freeze();
      await api.create(cm(ns, 'while-silent'));
      await eventually(
        () => expect(events.some((e) => e.name === 'while-silent' && e.type === 'add')).toBe(true),
        30_000,
      );
      // abandoned by the watch's watchdog, or (HTTP/2) by the session's unanswered PING, which
      // also ends the watches the watchdog retried on the frozen session
      expect(['timeout', 'transport']).toContain(cache.health()[0]?.reflectors[0]?.lastError?.kind);
    } finally {
      own.abort();
      await done;
      await proxy.stop();
    }
  }, 60_000);
});
