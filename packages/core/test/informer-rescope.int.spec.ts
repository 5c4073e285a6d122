/**
 * A sharded informer whose scope changes at run time (`Cache.setShardScope`,
 * `SharedIndexInformer.rescope`), on a control plane of its own with the alpha gate
 * `ShardedListAndWatch` on. 300 ConfigMaps, 16 ranges: null holds nothing and asks the
 * server nothing; a scope lists exactly the objects `inShard` puts in it (one initial add
 * each); growing the scope adds only the new ranges' objects, shrinking it deletes only the
 * dropped ones; a ConfigMap created afterwards reaches the cache (and the own-write overlay)
 * only when in scope, since the new watch carries the new selector. The label fallback
 * (`operant.dev/shard-range in (…)`) behaves the same way. Only counts and names are
 * asserted.
 */
import { afterEach, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import type { KubernetesObject } from '../src/api/object.js';
import { isNotFound } from '../src/api/status-error.js';
import { Cache } from '../src/cache/cache.js';
import type { ShardScope } from '../src/cache/shard-scope.js';
import { ApiClient } from '../src/client/api-client.js';
import { newClient } from '../src/client/client.js';
import { RestClient } from '../src/client/rest.js';
import { SHARD_RANGE_LABEL } from '../src/sharding/labels.js';
import { inShard } from '../src/sharding/match.js';
import { type ShardRange, shardRanges } from '../src/sharding/ranges.js';
import { shardSelector } from '../src/sharding/selector.js';
import { cm, eventually, forEachLimited, newNamespace } from './fixtures/helpers.js';
import { type RecordedEvent, recorder } from './fixtures/recorder.js';

const COUNT = 300;
const RANGES = shardRanges(16);
const A = [0, 1, 2, 3];
const B = [9, 10, 11];
const AB = [...A, ...B];

const sorted = (names: Iterable<string>) => [...names].sort();
const nameOf = (o: KubernetesObject) => o.metadata?.name as string;
const pick = (indexes: readonly number[]): ShardRange[] => indexes.map((i) => RANGES[i] as ShardRange);

/** How one mode (server selector or label) scopes a set of range indexes. */
interface Mode {
  scope(indexes: readonly number[]): ShardScope;
  inRanges(obj: KubernetesObject, indexes: readonly number[]): boolean;
}

const uidMode: Mode = {
  scope: (indexes) => ({
    shardSelector: shardSelector('uid', pick(indexes)),
    matches: (o) => inShard(o, 'uid', pick(indexes)),
  }),
  inRanges: (o, indexes) => inShard(o, 'uid', pick(indexes)),
};

const labelMode: Mode = {
  scope: (indexes) => ({
    labelSelector: `${SHARD_RANGE_LABEL} in (${indexes.join(',')})`,
    matches: (o) => labelMode.inRanges(o, indexes),
  }),
  inRanges: (o, indexes) => indexes.includes(Number(o.metadata?.labels?.[SHARD_RANGE_LABEL] ?? -1)),
};

describeOrSkip('informer rescope with ShardedListAndWatch on', ownControlPlaneSkipReason(), () => {
  const env = useControlPlane({ apiServerFlags: { 'feature-gates': 'ShardedListAndWatch=true' } });
  let api: ApiClient;
  let nsUid: string;
  let nsLabel: string;
  let stop: AbortController;
  let running: Promise<void> | undefined;

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: env.kubeConfig() });
    nsUid = await newNamespace(api, 'rescope-uid');
    nsLabel = await newNamespace(api, 'rescope-label');
    const names = Array.from({ length: COUNT }, (_, i) => i);
    await forEachLimited(names, 32, (i) => api.create(cm(nsUid, `cm-${String(i).padStart(3, '0')}`)));
    // the label fallback's sharder would label each object with its range; here the range is i mod 16
    await forEachLimited(names, 32, (i) =>
      api.create(cm(nsLabel, `cm-${String(i).padStart(3, '0')}`, {}, { [SHARD_RANGE_LABEL]: String(i % 16) })),
    );
  }, 180_000);

  beforeEach(() => {
    stop = new AbortController();
    running = undefined;
  });

  afterEach(async () => {
    stop.abort();
    await running;
  });

  /** A cache of the namespace's ConfigMaps, starting with nothing (null), and the configmaps requests it sends. */
  async function nullCache(ns: string) {
    const rest = new RestClient(env.kubeConfig());
    const urls: URL[] = [];
    rest.onRequest(({ url }) => {
      if (url.pathname.endsWith('/configmaps')) urls.push(url);
    });
    const cache = new Cache({ rest, byObject: [{ type: V1ConfigMap, namespaces: [ns] }] });
    await cache.setShardScope(V1ConfigMap, null);
    const events: RecordedEvent[] = [];
    cache.getInformer(V1ConfigMap).addEventHandler(recorder(events));
    running = cache.start(stop.signal);
    return { rest, cache, urls, events };
  }

  const cachedNames = async (cache: Cache, ns: string) =>
    sorted((await cache.list(V1ConfigMap, { namespace: ns })).items.map(nameOf));

  /** null → A → A∪B → B, asserting the store and exactly the events each step fires. */
  async function walk(ns: string, mode: Mode) {
    const all = (await api.list(V1ConfigMap, { namespace: ns })).items.filter((o) => nameOf(o).startsWith('cm-'));
    expect(all).toHaveLength(COUNT);
    const namesIn = (indexes: readonly number[]) => sorted(all.filter((o) => mode.inRanges(o, indexes)).map(nameOf));
    const inA = namesIn(A);
    const inB = namesIn(B);
    expect(inA.length).toBeGreaterThan(0);
    expect(inB.length).toBeGreaterThan(0);

    const { cache, urls, events } = await nullCache(ns);
    const informer = cache.getInformer(V1ConfigMap);
    expect(await cache.waitForCacheSync(stop.signal)).toBe(true);
    expect(await cachedNames(cache, ns)).toEqual([]);
    expect(informer.health().reflectors).toEqual([]);
    expect(urls).toHaveLength(0);
    expect(events).toHaveLength(0);

    await cache.setShardScope(V1ConfigMap, mode.scope(A));
    expect(informer.hasSynced()).toBe(true);
    expect(await cachedNames(cache, ns)).toEqual(inA);
    expect(events.every((e) => e.type === 'add' && e.initial === true)).toBe(true);
    expect(sorted(events.map((e) => e.name))).toEqual(inA);

    events.length = 0;
    await cache.setShardScope(V1ConfigMap, mode.scope(AB));
    expect(await cachedNames(cache, ns)).toEqual(sorted([...inA, ...inB]));
    expect(events.every((e) => e.type === 'add' && e.initial === true)).toBe(true);
    expect(sorted(events.map((e) => e.name))).toEqual(inB);

    events.length = 0;
    await cache.setShardScope(V1ConfigMap, mode.scope(B));
    expect(await cachedNames(cache, ns)).toEqual(inB);
    expect(events.every((e) => e.type === 'delete' && e.finalStateUnknown === true)).toBe(true);
    expect(sorted(events.map((e) => e.name))).toEqual(inA);
    expect(informer.hasSynced()).toBe(true);
    const [reflector, ...more] = informer.health().reflectors;
    expect(more).toHaveLength(0);
    expect(reflector?.namespace).toBe(ns);
    expect(reflector?.lists).toBeGreaterThanOrEqual(3);
    await eventually(() => expect(informer.health().reflectors[0]?.watching).toBe(true));

    // created afterwards through a client reading from the cache: only B's reach it
    events.length = 0;
    const client = newClient({ kubeConfig: env.kubeConfig(), cache });
    const late: KubernetesObject[] = [];
    const labels = (i: number) => ({ [SHARD_RANGE_LABEL]: String(i % 16) });
    await forEachLimited(
      Array.from({ length: 48 }, (_, i) => i),
      16,
      async (i) => void late.push(await client.create(cm(ns, `late-${String(i).padStart(2, '0')}`, {}, labels(i)))),
    );
    const lateIn = sorted(late.filter((o) => mode.inRanges(o, B)).map(nameOf));
    const lateOut = late.filter((o) => !mode.inRanges(o, B));
    expect(lateIn.length).toBeGreaterThan(0);
    expect(lateOut.length).toBeGreaterThan(0);
    // the own-write overlay holds none outside the scope
    for (const o of lateOut) {
      const err = await cache.get(V1ConfigMap, { namespace: ns, name: nameOf(o) }).catch((e: unknown) => e);
      expect(isNotFound(err)).toBe(true);
    }
    // watch events come in resourceVersion order: once an in-scope object created after the
    // others arrived, the out-of-scope ones were filtered, not merely late
    let marker: KubernetesObject | undefined;
    for (let i = 0; marker === undefined && i < 64; i++) {
      const created = await api.create(cm(ns, `marker-${i}`, {}, labels(B[0] as number)));
      late.push(created);
      if (mode.inRanges(created, B)) marker = created;
    }
    const markerName = nameOf(marker as KubernetesObject);
    await eventually(() => expect(events.map((e) => e.name)).toContain(markerName));
    expect(events.every((e) => e.type === 'add' && e.initial === false)).toBe(true);
    expect(sorted(events.map((e) => e.name))).toEqual(sorted([...lateIn, markerName]));
    expect(await cachedNames(cache, ns)).toEqual(sorted([...inB, ...lateIn, markerName]));

    const selectorOf = (u: URL) => [u.searchParams.get('shardSelector'), u.searchParams.get('labelSelector')];
    const last = urls.filter((u) => u.searchParams.get('watch') === 'true').at(-1) as URL;
    const scopeB = mode.scope(B);
    expect(selectorOf(last)).toEqual([scopeB.shardSelector ?? null, scopeB.labelSelector ?? null]);

    for (const o of late) await client.delete(o);
    await eventually(async () => expect(await cachedNames(cache, ns)).toEqual(inB));
  }

  it('should scope by the server shard selector: null, A, A∪B, B, and objects created later', async () => {
    await walk(nsUid, uidMode);
  }, 120_000);

  it('should scope by the shard-range label the same way', async () => {
    await walk(nsLabel, labelMode);
  }, 120_000);

  it('should serialize rescopes and end with the newest scope, each object added and deleted in turn', async () => {
    const { cache, events } = await nullCache(nsUid);
    expect(await cache.waitForCacheSync(stop.signal)).toBe(true);
    const all = (await api.list(V1ConfigMap, { namespace: nsUid })).items.filter((o) => nameOf(o).startsWith('cm-'));
    const applied = [A, B, AB, null, B, AB].map((indexes) =>
      cache.setShardScope(V1ConfigMap, indexes === null ? null : uidMode.scope(indexes)),
    );
    await Promise.all(applied);
    const expected = sorted(all.filter((o) => uidMode.inRanges(o, AB)).map(nameOf));
    expect(await cachedNames(cache, nsUid)).toEqual(expected);
    // replaying the events gives the store: no add of a held object, no delete of a missing one
    const held = new Set<string>();
    for (const e of events) {
      if (e.type === 'add') expect(held.has(e.name)).toBe(false);
      if (e.type === 'delete') expect(held.has(e.name)).toBe(true);
      if (e.type === 'add') held.add(e.name);
      if (e.type === 'delete') held.delete(e.name);
    }
    expect(sorted(held)).toEqual(expected);
    expect(cache.getInformer(V1ConfigMap).health().reflectors).toHaveLength(1);
  }, 120_000);

  it('should resolve a rescope of a stopped cache at once, sending nothing', async () => {
    const { cache, urls } = await nullCache(nsUid);
    expect(await cache.waitForCacheSync(stop.signal)).toBe(true);
    stop.abort();
    await running;
    await cache.setShardScope(V1ConfigMap, uidMode.scope(A));
    expect(urls).toHaveLength(0);
    const err = await cache.get(V1ConfigMap, { namespace: nsUid, name: 'cm-000' }).catch((e: unknown) => e);
    expect(isNotFound(err)).toBe(true);
  }, 60_000);
});
