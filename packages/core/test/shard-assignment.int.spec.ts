/**
 * The sharding building blocks against the API server's own shard selector (KEP-5866, alpha
 * gate `ShardedListAndWatch`, on a control plane of its own): 64 ranges assigned to three
 * members by rendezvous hashing, each member's `shardSelector` (adjacent ranges merged)
 * lists its part of 200 ConfigMaps; the three lists partition the set, the server accepts
 * every selector as written (its `shardInfo` echoes it), and `inShard` agrees with the
 * server on every object.
 */
import { beforeAll, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import type { KubernetesObject } from '../src/api/object.js';
import { ApiClient } from '../src/client/api-client.js';
import { assignRanges } from '../src/sharding/assign.js';
import { inShard } from '../src/sharding/match.js';
import { type ShardRange, shardRanges } from '../src/sharding/ranges.js';
import { shardSelector } from '../src/sharding/selector.js';
import { cm, forEachLimited, newNamespace } from './fixtures/helpers.js';

const COUNT = 200;
const MEMBERS = ['replica-a', 'replica-b', 'replica-c'];
const names = (items: readonly KubernetesObject[]) => items.map((o) => o.metadata?.name as string).sort();

describeOrSkip('sharding: rendezvous-assigned ranges on the server shard selector', ownControlPlaneSkipReason(), () => {
  const env = useControlPlane({ apiServerFlags: { 'feature-gates': 'ShardedListAndWatch=true' } });
  let api: ApiClient;
  let ns: string;

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: env.kubeConfig() });
    ns = await newNamespace(api, 'shard-assign');
    const all = Array.from({ length: COUNT }, (_, i) => `cm-${String(i).padStart(3, '0')}`);
    await forEachLimited(all, 32, (name) => api.create(cm(ns, name, {}, { suite: 'shard-assign' })));
  }, 120_000);

  it('should partition 200 ConfigMaps between three members, as inShard says for every object', async () => {
    const ranges = shardRanges(64);
    const assignment = assignRanges(ranges, MEMBERS);
    const labelSelector = 'suite=shard-assign';
    const all = (await api.list(V1ConfigMap, { namespace: ns, labelSelector })).items;
    expect(all).toHaveLength(COUNT);

    const seen: string[] = [];
    for (const member of MEMBERS) {
      const mine = (assignment.get(member) ?? []).map((i) => ranges[i] as ShardRange);
      expect(mine.length).toBeGreaterThan(0);
      const selector = shardSelector('uid', mine);
      const list = await api.list(V1ConfigMap, { namespace: ns, labelSelector, shardSelector: selector });
      expect(list.metadata?.shardInfo?.selector).toBe(selector);
      expect(list.items.length).toBeGreaterThan(0);
      expect(names(list.items)).toEqual(names(all.filter((o) => inShard(o, 'uid', mine))));
      seen.push(...names(list.items));
    }
    expect(seen).toHaveLength(COUNT);
    expect(seen.sort()).toEqual(names(all));
  });

  it('should select a namespace whole by the namespace key, for the one member that owns its hash', async () => {
    const ranges = shardRanges(64);
    const assignment = assignRanges(ranges, MEMBERS);
    const counts: number[] = [];
    for (const member of MEMBERS) {
      const mine = (assignment.get(member) ?? []).map((i) => ranges[i] as ShardRange);
      const selector = shardSelector('namespace', mine);
      const list = await api.list(V1ConfigMap, {
        namespace: ns,
        labelSelector: 'suite=shard-assign',
        shardSelector: selector,
      });
      const owns = inShard({ metadata: { namespace: ns } }, 'namespace', mine);
      expect(list.items).toHaveLength(owns ? COUNT : 0);
      counts.push(list.items.length);
    }
    expect(counts.sort()).toEqual([0, 0, COUNT]);
  });
});
