/**
 * Typed tokens for the built-in kinds: `owns: [Deployment]`, `@Watches(Pod)`,
 * `client.get(ConfigMap, key)` (which resolves to a `Wire<V1ConfigMap>`). Each token is a
 * frozen `ResourceDescriptor` with its apiVersion, kind, plural and scope, typed by the
 * client-node interface of its objects as the wire carries them: `Wire<V1Job>` is `V1Job`
 * with its timestamps as RFC 3339 strings (read one with `parseTime`), since the client and
 * the cache hand over the JSON as it arrived. Through `import type` only: naming a kind loads
 * none of client-node's generated model classes (Go's `appsv1.Deployment{}` has no such cost;
 * a class here would cost ~100 MiB of RSS at import).
 * @module
 */
import type {
  CoreV1Event,
  EventsV1Event as EventsV1EventObject,
  V1ClusterRole,
  V1ClusterRoleBinding,
  V1ConfigMap,
  V1CronJob,
  V1CustomResourceDefinition,
  V1DaemonSet,
  V1Deployment,
  V1EndpointSlice,
  V1Endpoints,
  V1Ingress,
  V1Job,
  V1Lease,
  V1LimitRange,
  V1MutatingWebhookConfiguration,
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
  V1StorageClass,
  V1ValidatingWebhookConfiguration,
} from '@kubernetes/client-node';
import type { KubernetesObject } from '../api/object.js';
import type { Wire } from '../api/time.js';
import { parseApiVersion, type ResourceDescriptor, resourceType } from './resource-type.js';

function builtin<T extends KubernetesObject>(apiVersion: string, kind: string, plural: string) {
  const info = { ...parseApiVersion(apiVersion), kind, plural };
  return {
    /** A namespaced kind: apply configurations of it need `metadata.namespace`. */
    namespaced: (): ResourceDescriptor<T, true> =>
      resourceType<T>({ ...info, namespaced: true }) as ResourceDescriptor<T, true>,
    /** A cluster-scoped kind. */
    cluster: (): ResourceDescriptor<T, false> =>
      resourceType<T>({ ...info, namespaced: false }) as ResourceDescriptor<T, false>,
  };
}

// core/v1
export const ConfigMap = builtin<Wire<V1ConfigMap>>('v1', 'ConfigMap', 'configmaps').namespaced();
export const Endpoints = builtin<Wire<V1Endpoints>>('v1', 'Endpoints', 'endpoints').namespaced();
/** The core/v1 Event (`kubectl get events`); `EventsV1Event` is the events.k8s.io/v1 one. */
export const Event = builtin<Wire<CoreV1Event>>('v1', 'Event', 'events').namespaced();
export const LimitRange = builtin<Wire<V1LimitRange>>('v1', 'LimitRange', 'limitranges').namespaced();
export const Namespace = builtin<Wire<V1Namespace>>('v1', 'Namespace', 'namespaces').cluster();
export const Node = builtin<Wire<V1Node>>('v1', 'Node', 'nodes').cluster();
export const PersistentVolume = builtin<Wire<V1PersistentVolume>>(
  'v1',
  'PersistentVolume',
  'persistentvolumes',
).cluster();
export const PersistentVolumeClaim = builtin<Wire<V1PersistentVolumeClaim>>(
  'v1',
  'PersistentVolumeClaim',
  'persistentvolumeclaims',
).namespaced();
export const Pod = builtin<Wire<V1Pod>>('v1', 'Pod', 'pods').namespaced();
export const Secret = builtin<Wire<V1Secret>>('v1', 'Secret', 'secrets').namespaced();
export const Service = builtin<Wire<V1Service>>('v1', 'Service', 'services').namespaced();
export const ServiceAccount = builtin<Wire<V1ServiceAccount>>('v1', 'ServiceAccount', 'serviceaccounts').namespaced();

// apps/v1, batch/v1
export const DaemonSet = builtin<Wire<V1DaemonSet>>('apps/v1', 'DaemonSet', 'daemonsets').namespaced();
export const Deployment = builtin<Wire<V1Deployment>>('apps/v1', 'Deployment', 'deployments').namespaced();
export const ReplicaSet = builtin<Wire<V1ReplicaSet>>('apps/v1', 'ReplicaSet', 'replicasets').namespaced();
export const StatefulSet = builtin<Wire<V1StatefulSet>>('apps/v1', 'StatefulSet', 'statefulsets').namespaced();
export const CronJob = builtin<Wire<V1CronJob>>('batch/v1', 'CronJob', 'cronjobs').namespaced();
export const Job = builtin<Wire<V1Job>>('batch/v1', 'Job', 'jobs').namespaced();

// the other groups
export const CustomResourceDefinition = builtin<Wire<V1CustomResourceDefinition>>(
  'apiextensions.k8s.io/v1',
  'CustomResourceDefinition',
  'customresourcedefinitions',
).cluster();
export const MutatingWebhookConfiguration = builtin<Wire<V1MutatingWebhookConfiguration>>(
  'admissionregistration.k8s.io/v1',
  'MutatingWebhookConfiguration',
  'mutatingwebhookconfigurations',
).cluster();
export const ValidatingWebhookConfiguration = builtin<Wire<V1ValidatingWebhookConfiguration>>(
  'admissionregistration.k8s.io/v1',
  'ValidatingWebhookConfiguration',
  'validatingwebhookconfigurations',
).cluster();
export const Lease = builtin<Wire<V1Lease>>('coordination.k8s.io/v1', 'Lease', 'leases').namespaced();
export const EndpointSlice = builtin<Wire<V1EndpointSlice>>(
  'discovery.k8s.io/v1',
  'EndpointSlice',
  'endpointslices',
).namespaced();
/** The events.k8s.io/v1 Event, which the event recorder writes; `Event` is the core/v1 one. */
export const EventsV1Event = builtin<Wire<EventsV1EventObject>>('events.k8s.io/v1', 'Event', 'events').namespaced();
export const Ingress = builtin<Wire<V1Ingress>>('networking.k8s.io/v1', 'Ingress', 'ingresses').namespaced();
export const NetworkPolicy = builtin<Wire<V1NetworkPolicy>>(
  'networking.k8s.io/v1',
  'NetworkPolicy',
  'networkpolicies',
).namespaced();
export const PodDisruptionBudget = builtin<Wire<V1PodDisruptionBudget>>(
  'policy/v1',
  'PodDisruptionBudget',
  'poddisruptionbudgets',
).namespaced();
export const ClusterRole = builtin<Wire<V1ClusterRole>>(
  'rbac.authorization.k8s.io/v1',
  'ClusterRole',
  'clusterroles',
).cluster();
export const ClusterRoleBinding = builtin<Wire<V1ClusterRoleBinding>>(
  'rbac.authorization.k8s.io/v1',
  'ClusterRoleBinding',
  'clusterrolebindings',
).cluster();
export const Role = builtin<Wire<V1Role>>('rbac.authorization.k8s.io/v1', 'Role', 'roles').namespaced();
export const RoleBinding = builtin<Wire<V1RoleBinding>>(
  'rbac.authorization.k8s.io/v1',
  'RoleBinding',
  'rolebindings',
).namespaced();
export const StorageClass = builtin<Wire<V1StorageClass>>(
  'storage.k8s.io/v1',
  'StorageClass',
  'storageclasses',
).cluster();
