/**
 * The status a RedisCluster should show, from what the cluster holds: the Deployment's
 * ready count and the names of the node pods (kube-controller-manager creates them; without
 * a kubelet, as under envtest, they never become ready and the phase stays Pending).
 * Conditions keep their `lastTransitionTime` unless their status flips, so an unchanged
 * cluster yields an equal status and no write.
 * @module
 */
import type { V1Deployment, V1Pod } from '@kubernetes/client-node';
import { controllerutil } from '@operant/core';
import { deepCopy, type Wire } from '@operant/core/api';
import type { RedisCluster, RedisClusterStatus } from '../api/v1/index.js';

export const READY = 'Ready';

export interface Observed {
  deployment: Wire<V1Deployment> | undefined;
  pods: readonly Wire<V1Pod>[];
}

/** The next status (a copy; `cluster.status` is left alone). */
export function desiredStatus(cluster: RedisCluster, observed: Observed): RedisClusterStatus {
  const status = deepCopy(cluster.status ?? {});
  const generation = cluster.metadata?.generation;
  const size = cluster.spec.size;
  const ready = Math.min(observed.deployment?.status?.readyReplicas ?? 0, size);
  const conditions = (status.conditions ?? []) as controllerutil.Condition[];
  controllerutil.setStatusCondition(conditions, {
    type: READY,
    status: ready === size ? 'True' : 'False',
    reason: ready === size ? 'NodesReady' : 'NodesNotReady',
    message: `${ready}/${size} nodes ready`,
    observedGeneration: generation,
  });
  return {
    ...status,
    phase: ready === size ? 'Running' : 'Pending',
    nodes: observed.pods
      .filter((p) => p.metadata?.deletionTimestamp === undefined)
      .map((p) => p.metadata?.name ?? '')
      .sort(),
    readyNodes: ready,
    observedGeneration: generation,
    conditions,
  };
}

/** Sets a False Ready condition with a reason, e.g. when the password Secret is missing. */
export function blockedStatus(cluster: RedisCluster, reason: string, message: string): RedisClusterStatus {
  const status = deepCopy(cluster.status ?? {});
  const conditions = (status.conditions ?? []) as controllerutil.Condition[];
  controllerutil.setStatusCondition(conditions, {
    type: READY,
    status: 'False',
    reason,
    message,
    observedGeneration: cluster.metadata?.generation,
  });
  return { ...status, phase: 'Pending', observedGeneration: cluster.metadata?.generation, conditions };
}
