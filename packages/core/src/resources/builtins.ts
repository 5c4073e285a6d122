/**
 * The built-in kinds operators touch, as client-node model classes with their coordinates.
 * `ResourceRegistry` knows them from the start; anything else is registered, described
 * with `resourceType()`, or looked up through discovery.
 * @module
 */
import {
  CoreV1Event,
  EventsV1Event,
  V1ClusterRole,
  V1ClusterRoleBinding,
  V1ConfigMap,
  V1CronJob,
  V1CustomResourceDefinition,
  V1DaemonSet,
  V1Deployment,
  V1Endpoints,
  V1Ingress,
  V1Job,
  V1Lease,
  V1Namespace,
  V1NetworkPolicy,
  V1Node,
  V1PersistentVolume,
  V1PersistentVolumeClaim,
  V1Pod,
  V1PodDisruptionBudget,
  V1ReplicaSet,
  V1Role,
  V1RoleBinding,
  V1Secret,
  V1Service,
  V1ServiceAccount,
  V1StatefulSet,
} from '@kubernetes/client-node';
import type { ObjectClass, ResourceInfo } from './resource-type.js';

type Row = [ObjectClass, string, string, string, string, boolean];

const rows: Row[] = [
  [V1ConfigMap, '', 'v1', 'ConfigMap', 'configmaps', true],
  [V1Secret, '', 'v1', 'Secret', 'secrets', true],
  [V1Service, '', 'v1', 'Service', 'services', true],
  [V1Pod, '', 'v1', 'Pod', 'pods', true],
  [V1Namespace, '', 'v1', 'Namespace', 'namespaces', false],
  [V1ServiceAccount, '', 'v1', 'ServiceAccount', 'serviceaccounts', true],
  [CoreV1Event, '', 'v1', 'Event', 'events', true],
  [V1PersistentVolumeClaim, '', 'v1', 'PersistentVolumeClaim', 'persistentvolumeclaims', true],
  [V1PersistentVolume, '', 'v1', 'PersistentVolume', 'persistentvolumes', false],
  [V1Node, '', 'v1', 'Node', 'nodes', false],
  [V1Endpoints, '', 'v1', 'Endpoints', 'endpoints', true],
  [V1Deployment, 'apps', 'v1', 'Deployment', 'deployments', true],
  [V1StatefulSet, 'apps', 'v1', 'StatefulSet', 'statefulsets', true],
  [V1DaemonSet, 'apps', 'v1', 'DaemonSet', 'daemonsets', true],
  [V1ReplicaSet, 'apps', 'v1', 'ReplicaSet', 'replicasets', true],
  [V1Job, 'batch', 'v1', 'Job', 'jobs', true],
  [V1CronJob, 'batch', 'v1', 'CronJob', 'cronjobs', true],
  [V1Lease, 'coordination.k8s.io', 'v1', 'Lease', 'leases', true],
  [EventsV1Event, 'events.k8s.io', 'v1', 'Event', 'events', true],
  [V1Role, 'rbac.authorization.k8s.io', 'v1', 'Role', 'roles', true],
  [V1RoleBinding, 'rbac.authorization.k8s.io', 'v1', 'RoleBinding', 'rolebindings', true],
  [V1ClusterRole, 'rbac.authorization.k8s.io', 'v1', 'ClusterRole', 'clusterroles', false],
  [V1ClusterRoleBinding, 'rbac.authorization.k8s.io', 'v1', 'ClusterRoleBinding', 'clusterrolebindings', false],
  [V1Ingress, 'networking.k8s.io', 'v1', 'Ingress', 'ingresses', true],
  [V1NetworkPolicy, 'networking.k8s.io', 'v1', 'NetworkPolicy', 'networkpolicies', true],
  [V1PodDisruptionBudget, 'policy', 'v1', 'PodDisruptionBudget', 'poddisruptionbudgets', true],
  [
    V1CustomResourceDefinition,
    'apiextensions.k8s.io',
    'v1',
    'CustomResourceDefinition',
    'customresourcedefinitions',
    false,
  ],
];

/** The built-in classes and their coordinates. */
export const builtinResources: ReadonlyMap<ObjectClass, ResourceInfo> = new Map(
  rows.map(([type, group, version, kind, plural, namespaced]) => [
    type,
    Object.freeze({ group, version, kind, plural, namespaced }),
  ]),
);

/** Kinds whose patches may use strategic merge (only built-ins have patch strategies). */
export function supportsStrategicMerge(info: ResourceInfo): boolean {
  for (const builtin of builtinResources.values()) {
    if (builtin.group === info.group && builtin.kind === info.kind && builtin.version === info.version) return true;
  }
  return false;
}
