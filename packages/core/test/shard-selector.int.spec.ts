/**
 * The API server's shard selector (KEP-5866, alpha gate `ShardedListAndWatch`, in v1.37.2):
 * `shardSelector=shardRange(object.metadata.uid, '<lo>', '<hi>')` filters lists and watch
 * streams by the 64-bit FNV-1a hash of the uid (or namespace), lo inclusive, hi exclusive.
 * On the shared control plane (envtest turns the gate on by default): two complementary
 * ranges partition 200 ConfigMaps exactly as a local FNV-1a says, a reflector's watch
 * receives only its range, and a malformed selector is refused. The cache refuses the option
 * (it holds what its informer listed; the selector is for live reads). On a control plane
 * whose caller turned the gate off (`ShardedListAndWatch=false`) the parameter is ignored:
 * every object comes back and the list carries no `shardInfo`.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import {
  describeOrSkip,
  describeWithControlPlane,
  ownControlPlaneSkipReason,
  sharedKubeConfig,
  useControlPlane,
} from '@operant/testing/jest';
import type { KubernetesObject } from '../src/api/object.js';
import { ClientError } from '../src/api/status-error.js';
import { Cache } from '../src/cache/cache.js';
import { Reflector } from '../src/cache/reflector.js';
import { ApiClient } from '../src/client/api-client.js';
import { RestClient } from '../src/client/rest.js';
import { cm, eventually, forEachLimited, newNamespace } from './fixtures/helpers.js';

const COUNT = 200;
const HALF = 0x8000000000000000n;
const LOW = "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')";
const HIGH = "shardRange(object.metadata.uid, '0x8000000000000000', '0x10000000000000000')";

/** FNV-1a, 64 bits, over the UTF-8 bytes (Go's hash/fnv New64a, as k8s.io/apimachinery/pkg/sharding hashes). */
function fnv1a64(value: string): bigint {
  let hash = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(value, 'utf8')) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash;
}

const uidOf = (o: KubernetesObject) => o.metadata?.uid as string;
const names = (items: readonly KubernetesObject[]) => items.map((o) => o.metadata?.name as string).sort();

async function createConfigMaps(api: ApiClient, ns: string, prefix: string, count: number): Promise<void> {
  const all = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`);
  await forEachLimited(all, 32, (name) => api.create(cm(ns, name, {}, { suite: 'shard' })));
}

describeWithControlPlane(
  'shardSelector on the shared control plane (ShardedListAndWatch on, as envtest starts it)',
  () => {
    let api: ApiClient;
    let ns: string;

    beforeAll(async () => {
      api = new ApiClient({ kubeConfig: sharedKubeConfig() });
      ns = await newNamespace(api, 'shard');
      await createConfigMaps(api, ns, 'cm', COUNT);
      // kube-controller-manager publishes kube-root-ca.crt into every namespace: let it land
      // before any watch starts, so the watches below see only the test's own ConfigMaps
      await eventually(() => api.get(V1ConfigMap, { namespace: ns, name: 'kube-root-ca.crt' }));
    }, 120_000);

    afterAll(async () => {
      await api?.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    });

    it('should partition the objects between two complementary uid ranges as FNV-1a 64 says', async () => {
      const labelSelector = 'suite=shard';
      const all = await api.list(V1ConfigMap, { namespace: ns, labelSelector });
      const low = await api.list(V1ConfigMap, { namespace: ns, labelSelector, shardSelector: LOW });
      const high = await api.list(V1ConfigMap, { namespace: ns, labelSelector, shardSelector: HIGH });

      expect(all.items).toHaveLength(COUNT);
      expect(all.metadata?.shardInfo).toBeUndefined();
      expect(low.metadata?.shardInfo?.selector).toBe(LOW);
      expect(high.metadata?.shardInfo?.selector).toBe(HIGH);
      expect(low.items.length).toBeGreaterThan(0);
      expect(high.items.length).toBeGreaterThan(0);
      expect(low.items.length + high.items.length).toBe(COUNT);
      expect(names([...low.items, ...high.items])).toEqual(names(all.items));
      expect(names(low.items)).toEqual(names(all.items.filter((o) => fnv1a64(uidOf(o)) < HALF)));
      expect(names(high.items)).toEqual(names(all.items.filter((o) => fnv1a64(uidOf(o)) >= HALF)));
    });

    it('should hash object.metadata.namespace when the selector names it', async () => {
      const mine = fnv1a64(ns) < HALF ? LOW : HIGH;
      const other = mine === LOW ? HIGH : LOW;
      const byNamespace = (selector: string) => selector.replace('metadata.uid', 'metadata.namespace');
      const hit = await api.list(V1ConfigMap, { namespace: ns, shardSelector: byNamespace(mine) });
      const miss = await api.list(V1ConfigMap, { namespace: ns, shardSelector: byNamespace(other) });
      // every ConfigMap of the namespace: the test's and kube-controller-manager's kube-root-ca.crt
      expect(hit.items).toHaveLength(COUNT + 1);
      expect(names(hit.items)).toContain('kube-root-ca.crt');
      expect(miss.items).toHaveLength(0);
    });

    it('should send the selector on the reflector list and watch and receive only its range', async () => {
      const info = api.resourceInfo(V1ConfigMap);
      const rest = new RestClient(sharedKubeConfig());
      const urls: URL[] = [];
      rest.onRequest(({ url }) => urls.push(url));
      const listed: KubernetesObject[] = [];
      const upserted: KubernetesObject[] = [];
      const removed: KubernetesObject[] = [];
      const sink = {
        prepare: (obj: KubernetesObject) => obj,
        replace: (objects: KubernetesObject[]) => listed.splice(0, listed.length, ...objects),
        upsert: (obj: KubernetesObject) => upserted.push(obj),
        remove: (obj: KubernetesObject) => removed.push(obj),
      };
      const reflector = new Reflector(rest, { info, namespace: ns, shardSelector: LOW }, sink);
      const stop = new AbortController();
      const running = reflector.run(stop.signal);
      try {
        await eventually(() => expect(reflector.health().watching).toBe(true));
        expect(listed.length).toBeGreaterThan(0);
        expect(listed.every((o) => fnv1a64(uidOf(o)) < HALF)).toBe(true);

        await createConfigMaps(api, ns, 'late', 60);
        const late = (await api.list(V1ConfigMap, { namespace: ns })).items.filter((o) =>
          o.metadata?.name?.startsWith('late-'),
        );
        const expected = names(late.filter((o) => fnv1a64(uidOf(o)) < HALF));
        expect(expected.length).toBeGreaterThan(0);
        expect(expected.length).toBeLessThan(late.length);
        await eventually(() => expect(names(upserted)).toEqual(expected));
        // events come in resourceVersion order: once an in-range object created after the
        // out-of-range ones arrived, those were filtered out by the server, not merely late
        let marker: V1ConfigMap | undefined;
        for (let i = 0; marker === undefined && i < 64; i++) {
          const created = await api.create(cm(ns, `marker-${i}`));
          if (fnv1a64(uidOf(created)) < HALF) marker = created;
        }
        const markerName = marker?.metadata?.name as string;
        await eventually(() => expect(names(upserted)).toContain(markerName));
        expect(names(upserted)).toEqual([...expected, markerName].sort());
        expect(removed).toHaveLength(0);
      } finally {
        stop.abort();
        await running;
      }
      expect(urls.some((u) => u.searchParams.get('watch') === 'true')).toBe(true);
      expect(urls.some((u) => u.searchParams.get('sendInitialEvents') === 'true')).toBe(true); // the streaming list
      expect(urls.every((u) => u.searchParams.get('shardSelector') === LOW)).toBe(true);
    }, 60_000);

    // v1.37.2 answers 500, not 400 (the registry wraps the parse error in a plain error), and
    // refuses the '0x0' of the field's own doc comment: bounds are exactly 16 hex digits (or 2^64)
    it('should refuse a range bound that is not 16 hex digits', async () => {
      const bad = "shardRange(object.metadata.uid, '0x0', '0x8000000000000000')";
      const err = await api.list(V1ConfigMap, { namespace: ns, shardSelector: bad }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ClientError);
      expect((err as ClientError).code).toBe(500);
      expect((err as ClientError).message).toContain('must be a 0x-prefixed 16-digit hex value');
    });

    it('should refuse a shardSelector on a cached read rather than return every cached object', async () => {
      const cache = new Cache({ rest: api.rest });
      const err = await cache.list(V1ConfigMap, { namespace: ns, shardSelector: LOW }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ClientError);
      expect((err as ClientError).kind).toBe('invalidArgument');
      expect((err as ClientError).message).toContain('shardSelector is for live reads only');
    });
  },
);

describeOrSkip('shardSelector with ShardedListAndWatch=false from the caller', ownControlPlaneSkipReason(), () => {
  // the caller's value wins over envtest's default for the same gate
  const env = useControlPlane({ apiServerFlags: { 'feature-gates': 'ShardedListAndWatch=false' } });
  let api: ApiClient;
  let ns: string;

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: env.kubeConfig() });
    ns = await newNamespace(api, 'shard-off');
    await createConfigMaps(api, ns, 'cm', 20);
  }, 60_000);

  it('should ignore the parameter: every object, and no shardInfo to tell it was applied', async () => {
    const list = await api.list(V1ConfigMap, { namespace: ns, labelSelector: 'suite=shard', shardSelector: LOW });
    expect(list.items).toHaveLength(20);
    expect(list.metadata?.shardInfo).toBeUndefined();
  });
});
