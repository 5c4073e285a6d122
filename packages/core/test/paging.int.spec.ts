/**
 * 5,000 objects: the cache's initial list pages through `limit`/`continue` (the requests are
 * observed on the wire) and sync sees every object; a live list without `limit` pages too.
 * The names sort after the namespace's `kube-root-ca.crt`, so the tenth page is the last.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { Cache } from '../src/cache/cache.js';
import { ApiClient } from '../src/client/api-client.js';
import { RestClient } from '../src/client/rest.js';
import { cm, forEachLimited, newNamespace } from './fixtures/helpers.js';

const COUNT = 5000;

describeWithControlPlane('paging 5,000 objects', () => {
  let api: ApiClient;
  let ns: string;

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: sharedKubeConfig() });
    ns = await newNamespace(api, 'paging');
    const names = Array.from({ length: COUNT }, (_, i) => `paged-${String(i).padStart(4, '0')}`);
    await forEachLimited(names, 64, (name) => api.create(cm(ns, name, { i: name }, { suite: 'paging' })));
  }, 300_000);

  afterAll(async () => {
    await api.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  });

  it('should sync the cache from 10 pages of 500 and hold all 5,000', async () => {
    const rest = new RestClient(sharedKubeConfig());
    const lists: URL[] = [];
    rest.onRequest(({ url }) => {
      if (url.searchParams.get('watch') !== 'true') lists.push(url);
    });
    const stop = new AbortController();
    const cache = new Cache({
      rest,
      byObject: [{ type: V1ConfigMap, namespaces: [ns], labelSelector: 'suite=paging' }],
      reflector: { watchList: false }, // paged lists, not the streaming list it uses by default
    });
    const running = cache.start(stop.signal);
    try {
      expect(await cache.waitForCacheSync(stop.signal)).toBe(true);
      expect(lists).toHaveLength(10);
      expect(lists.map((u) => u.searchParams.get('limit'))).toEqual(Array(10).fill('500'));
      expect(lists[0]?.searchParams.has('continue')).toBe(false);
      expect(lists.slice(1).every((u) => (u.searchParams.get('continue') ?? '') !== '')).toBe(true);
      expect(new Set(lists.map((u) => u.searchParams.get('continue'))).size).toBe(10);
      const all = await cache.list(V1ConfigMap, { namespace: ns });
      expect(all.items).toHaveLength(COUNT);
      expect(new Set(all.items.map((o) => o.metadata?.name)).size).toBe(COUNT);
      expect(cache.health()[0]?.objects).toBe(COUNT);
    } finally {
      stop.abort();
      await running;
    }
  }, 120_000);

  it('should page a live list without limit and return every object', async () => {
    const pages: URL[] = [];
    const off = api.rest.onRequest(({ url }) => pages.push(url));
    const list = await api.list(V1ConfigMap, { namespace: ns, labelSelector: 'suite=paging' });
    off();
    expect(list.items).toHaveLength(COUNT);
    expect(pages).toHaveLength(10);
    expect(list.metadata?.continue).toBeUndefined();
  }, 120_000);
});
