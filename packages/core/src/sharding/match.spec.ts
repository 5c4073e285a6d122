/**
 * inShard and shardHash: the server's matching rule evaluated locally; assigned ranges
 * partition the keys.
 */
import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject } from '../api/object.js';
import { assignRanges } from './assign.js';
import { fnv1a64 } from './fnv.js';
import { inShard, shardHash } from './match.js';
import { HASH_SPACE, type ShardRange, shardRanges } from './ranges.js';

const members = (n: number, prefix = 'replica') => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
const uidObject = (uid: string): KubernetesObject => ({ metadata: { name: uid, namespace: 'ns', uid } });

describe('inShard', () => {
  const ranges = shardRanges(64);

  it('puts every key in exactly one member’s ranges', () => {
    const assignment = assignRanges(ranges, members(3));
    const mine = [...assignment.values()].map((indexes) => indexes.map((i) => ranges[i] as ShardRange));
    for (let k = 0; k < 2000; k++) {
      const obj = uidObject(`00000000-0000-4000-8000-${String(k).padStart(12, '0')}`);
      expect(mine.filter((r) => inShard(obj, 'uid', r))).toHaveLength(1);
    }
  });

  it('reads lo inclusive and hi exclusive on the hash of the uid or the namespace', () => {
    const obj: KubernetesObject = { metadata: { name: 'x', namespace: 'team-a', uid: 'u-1' } };
    const h = fnv1a64('u-1');
    expect(shardHash(obj, 'uid')).toBe(h);
    expect(inShard(obj, 'uid', [{ lo: h, hi: h + 1n }])).toBe(true);
    expect(inShard(obj, 'uid', [{ lo: h + 1n, hi: HASH_SPACE }])).toBe(false);
    expect(inShard(obj, 'uid', [{ lo: 0n, hi: h }])).toBe(false);
    const n = fnv1a64('team-a');
    expect(inShard(obj, 'namespace', [{ lo: n, hi: n + 1n }])).toBe(true);
  });

  it('hashes an absent namespace (cluster-scoped) or uid as the empty string, as the server does', () => {
    const empty = fnv1a64('');
    const clusterScoped: KubernetesObject = { metadata: { name: 'node-1', uid: 'u' } };
    expect(shardHash(clusterScoped, 'namespace')).toBe(empty);
    expect(shardHash({ metadata: { name: 'new' } }, 'uid')).toBe(empty);
  });
});
