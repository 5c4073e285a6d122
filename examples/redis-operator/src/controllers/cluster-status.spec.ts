import { describe, expect, it } from '@jest/globals';
import type { V1Pod } from '@kubernetes/client-node';
import { controllerutil } from '@operant/core';
import type { Wire } from '@operant/core/api';
import type { RedisCluster } from '../api/v1/index.js';
import { blockedStatus, desiredStatus } from './cluster-status.js';

const cluster = (size: number, status?: RedisCluster['status']): RedisCluster =>
  ({ metadata: { name: 'cache', generation: 2 }, spec: { size, image: 'redis' }, status }) as RedisCluster;
const pod = (name: string, deleting = false): Wire<V1Pod> => ({
  metadata: { name, ...(deleting ? { deletionTimestamp: '2026-12-04T19:00:00Z' } : {}) },
});

describe('desiredStatus', () => {
  it('reports Pending with the node pods until every node is ready', () => {
    const status = desiredStatus(cluster(3), {
      deployment: { status: { readyReplicas: 1 } },
      pods: [pod('b'), pod('a'), pod('gone', true)],
    });
    expect(status).toMatchObject({ phase: 'Pending', nodes: ['a', 'b'], readyNodes: 1, observedGeneration: 2 });
    expect(status.conditions).toEqual([
      expect.objectContaining({ type: 'Ready', status: 'False', message: '1/3 nodes ready', observedGeneration: 2 }),
    ]);
  });

  it('reports Running when every node is ready', () => {
    const status = desiredStatus(cluster(2), { deployment: { status: { readyReplicas: 2 } }, pods: [] });
    expect(status).toMatchObject({ phase: 'Running', readyNodes: 2 });
    expect(status.conditions?.[0]).toMatchObject({ status: 'True', reason: 'NodesReady' });
  });

  it('is equal to the stored status when nothing changed (no write)', () => {
    const observed = { deployment: { status: { readyReplicas: 0 } }, pods: [pod('a')] };
    const first = desiredStatus(cluster(1), observed);
    expect(controllerutil.jsonEqual(desiredStatus(cluster(1, first), observed), first)).toBe(true);
  });

  it('names the reason when blocked', () => {
    const status = blockedStatus(cluster(1), 'PasswordSecretNotFound', 'Secret ns/auth not found');
    expect(status.conditions?.[0]).toMatchObject({ status: 'False', reason: 'PasswordSecretNotFound' });
  });
});
