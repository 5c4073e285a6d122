import { describe, expect, it } from '@jest/globals';
import type { V1Pod } from '@kubernetes/client-node';
import { controllerutil } from '@operant/core';
import type { Wire } from '@operant/core/api';
import type { DependentResult, DependentsOutcome } from '@operant/core/dependent';
import type { RedisCluster } from '../api/v1/index.js';
import { desiredStatus, PasswordSecretNotFound } from './cluster-status.js';

const cluster = (size: number, status?: RedisCluster['status']): RedisCluster =>
  ({ metadata: { name: 'cache', generation: 2 }, spec: { size, image: 'redis' }, status }) as RedisCluster;
const pod = (name: string, deleting = false): Wire<V1Pod> => ({
  metadata: { name, ...(deleting ? { deletionTimestamp: '2026-12-04T19:00:00Z' } : {}) },
});
/** The outcome of a reconcile whose Deployment reports `readyReplicas` (or failed with `error`). */
function outcome(primary: RedisCluster, readyReplicas: number, error?: Error): DependentsOutcome<RedisCluster> {
  const ready = readyReplicas >= primary.spec.size;
  const deployment: DependentResult =
    error === undefined
      ? {
          name: 'deployment',
          state: ready ? 'ready' : 'notReady',
          children: [{ status: { readyReplicas } } as never],
          applied: [],
          deleted: [],
        }
      : { name: 'deployment', state: 'failed', children: [], applied: [], deleted: [], message: error.message, error };
  return { primary, ready: ready && error === undefined, results: { deployment } };
}

describe('desiredStatus', () => {
  it('reports Pending with the node pods until every node is ready', () => {
    const status = desiredStatus(outcome(cluster(3), 1), [pod('b'), pod('a'), pod('gone', true)]);
    expect(status).toMatchObject({ phase: 'Pending', nodes: ['a', 'b'], readyNodes: 1, observedGeneration: 2 });
    expect(status.conditions).toEqual([
      expect.objectContaining({ type: 'Ready', status: 'False', message: '1/3 nodes ready', observedGeneration: 2 }),
    ]);
  });

  it('reports Running when the Deployment is ready', () => {
    const status = desiredStatus(outcome(cluster(2), 2), []);
    expect(status).toMatchObject({ phase: 'Running', readyNodes: 2 });
    expect(status.conditions?.[0]).toMatchObject({ status: 'True', reason: 'NodesReady' });
  });

  it('is equal to the stored status when nothing changed (no write)', () => {
    const first = desiredStatus(outcome(cluster(1), 0), [pod('a')]);
    expect(controllerutil.jsonEqual(desiredStatus(outcome(cluster(1, first), 0), [pod('a')]), first)).toBe(true);
  });

  it('names the missing password Secret and keeps the counts it had', () => {
    const before = desiredStatus(outcome(cluster(1), 1), [pod('a')]);
    const status = desiredStatus(outcome(cluster(1, before), 0, new PasswordSecretNotFound('ns', 'auth')), []);
    expect(status).toMatchObject({ phase: 'Pending', nodes: ['a'], readyNodes: 1 });
    expect(status.conditions?.[0]).toMatchObject({
      status: 'False',
      reason: 'PasswordSecretNotFound',
      message: 'Secret ns/auth not found',
    });
  });
});
