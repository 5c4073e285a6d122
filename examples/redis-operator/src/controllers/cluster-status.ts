/**
 * The status a RedisCluster should show, from its dependents' outcome: the Deployment's
 * ready count (`Ready` once the Deployment is, `readyWhen`), and the names of the node pods
 * (kube-controller-manager creates them; without a kubelet, as under envtest, they never
 * become ready and the phase stays Pending). A Deployment that could not be applied (its
 * password Secret is missing) leaves the counts as they were and says why. Conditions keep
 * their `lastTransitionTime` unless their status flips, so an unchanged cluster yields an
 * equal status and no write.
 * @module
 */
import type { V1Deployment, V1Pod } from '@kubernetes/client-node';
import { controllerutil, TerminalError } from '@operant/core';
import { deepCopy, type Wire } from '@operant/core/api';
import type { DependentsOutcome } from '@operant/core/dependent';
import type { RedisCluster, RedisClusterStatus } from '../api/v1/index.js';

/** The Deployment's desired function throws it: no retry helps; the Secret watch brings the cluster back. */
export class PasswordSecretNotFound extends TerminalError {
  constructor(namespace: string, name: string) {
    super(new Error(`Secret ${namespace}/${name} not found`));
    this.name = 'PasswordSecretNotFound';
  }
}

/** The next status (a copy; the cluster's status is left alone). */
export function desiredStatus(
  outcome: DependentsOutcome<RedisCluster>,
  pods: readonly Wire<V1Pod>[],
): RedisClusterStatus {
  const cluster = outcome.primary;
  const status = deepCopy(cluster.status ?? {});
  const observedGeneration = cluster.metadata?.generation;
  const conditions = (status.conditions ?? []) as controllerutil.Condition[];
  const result = outcome.results.deployment;
  if (result === undefined || result.children.length === 0) {
    const reason = result?.error instanceof PasswordSecretNotFound ? result.error.name : 'DeploymentNotApplied';
    const message = result?.message ?? 'no Deployment';
    controllerutil.setStatusCondition(conditions, {
      type: 'Ready',
      status: 'False',
      reason,
      message,
      observedGeneration,
    });
    return { ...status, phase: 'Pending', observedGeneration, conditions };
  }
  const size = cluster.spec.size;
  const ready = Math.min((result.children[0] as Wire<V1Deployment>).status?.readyReplicas ?? 0, size);
  controllerutil.setStatusCondition(conditions, {
    type: 'Ready',
    status: outcome.ready ? 'True' : 'False',
    reason: outcome.ready ? 'NodesReady' : 'NodesNotReady',
    message: `${ready}/${size} nodes ready`,
    observedGeneration,
  });
  const nodes = pods.filter((p) => p.metadata?.deletionTimestamp === undefined).map((p) => p.metadata?.name ?? '');
  return {
    ...status,
    phase: outcome.ready ? 'Running' : 'Pending',
    nodes: nodes.sort(),
    readyNodes: ready,
    observedGeneration,
    conditions,
  };
}
