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
  const { primary: cluster, ready, results } = outcome;
  const status = deepCopy(cluster.status ?? {});
  const observedGeneration = cluster.metadata?.generation;
  const conditions = (status.conditions ?? []) as controllerutil.Condition[];
  const [deployment] = results.deployment?.children ?? [];
  const size = cluster.spec.size;
  const readyNodes = Math.min((deployment as Wire<V1Deployment> | undefined)?.status?.readyReplicas ?? 0, size);
  const error = results.deployment?.error;
  controllerutil.setStatusCondition(conditions, {
    type: 'Ready',
    status: ready ? 'True' : 'False',
    ...(deployment !== undefined
      ? { reason: ready ? 'NodesReady' : 'NodesNotReady', message: `${readyNodes}/${size} nodes ready` }
      : {
          reason: error instanceof PasswordSecretNotFound ? error.name : 'DeploymentNotApplied',
          message: results.deployment?.message ?? 'no Deployment',
        }),
    observedGeneration,
  });
  if (deployment === undefined) return { ...status, phase: 'Pending', observedGeneration, conditions };
  const nodes = pods.filter((p) => p.metadata?.deletionTimestamp === undefined).map((p) => p.metadata?.name ?? '');
  return {
    ...status,
    phase: ready ? 'Running' : 'Pending',
    nodes: nodes.sort(),
    readyNodes,
    observedGeneration,
    conditions,
  };
}
