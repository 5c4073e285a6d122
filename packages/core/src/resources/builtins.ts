/**
 * The built-in kinds `ResourceRegistry` knows from the start: the kind tokens of `kinds.ts`,
 * and client-node's model classes (`V1Deployment`, …), which stay accepted wherever a kind
 * is named. A model class is recognised by its name and client-node's static
 * `getAttributeTypeMap`, never imported: importing one loads all of client-node's generated
 * models. Anything else is registered, described with `resourceType()`, or found through
 * discovery.
 * @module
 */
import * as kinds from './kinds.js';
import type { ResourceResolver } from './resolver.js';
import { gvkString, type ResourceDescriptor, type ResourceInfo } from './resource-type.js';

/** Each built-in kind by the name of its client-node model class. */
const byModelName = new Map<string, ResourceDescriptor>([
  ['V1ConfigMap', kinds.ConfigMap],
  ['V1Endpoints', kinds.Endpoints],
  ['CoreV1Event', kinds.Event],
  ['V1LimitRange', kinds.LimitRange],
  ['V1Namespace', kinds.Namespace],
  ['V1Node', kinds.Node],
  ['V1PersistentVolume', kinds.PersistentVolume],
  ['V1PersistentVolumeClaim', kinds.PersistentVolumeClaim],
  ['V1Pod', kinds.Pod],
  ['V1Secret', kinds.Secret],
  ['V1Service', kinds.Service],
  ['V1ServiceAccount', kinds.ServiceAccount],
  ['V1DaemonSet', kinds.DaemonSet],
  ['V1Deployment', kinds.Deployment],
  ['V1ReplicaSet', kinds.ReplicaSet],
  ['V1StatefulSet', kinds.StatefulSet],
  ['V1CronJob', kinds.CronJob],
  ['V1Job', kinds.Job],
  ['V1CustomResourceDefinition', kinds.CustomResourceDefinition],
  ['V1MutatingWebhookConfiguration', kinds.MutatingWebhookConfiguration],
  ['V1ValidatingWebhookConfiguration', kinds.ValidatingWebhookConfiguration],
  ['V1Lease', kinds.Lease],
  ['V1EndpointSlice', kinds.EndpointSlice],
  ['EventsV1Event', kinds.EventsV1Event],
  ['V1Ingress', kinds.Ingress],
  ['V1NetworkPolicy', kinds.NetworkPolicy],
  ['V1PodDisruptionBudget', kinds.PodDisruptionBudget],
  ['V1ClusterRole', kinds.ClusterRole],
  ['V1ClusterRoleBinding', kinds.ClusterRoleBinding],
  ['V1Role', kinds.Role],
  ['V1RoleBinding', kinds.RoleBinding],
  ['V1StorageClass', kinds.StorageClass],
]);

/** The built-in kind tokens. */
export const builtinKinds: readonly ResourceDescriptor[] = Object.freeze([...byModelName.values()]);

const builtinKeys = new Set(builtinKinds.map(gvkString));

/**
 * Answers for client-node's model classes of the built-in kinds (`V1Deployment` →
 * `Deployment`). Another class that merely shares such a name is not one: client-node's
 * models carry a static `getAttributeTypeMap`.
 */
export const clientNodeResolver: ResourceResolver = (type) => {
  const model = type as unknown as { getAttributeTypeMap?: unknown };
  return typeof model.getAttributeTypeMap === 'function' ? byModelName.get(type.name) : undefined;
};

/** Kinds whose patches may use strategic merge (only built-ins have patch strategies). */
export function supportsStrategicMerge(info: ResourceInfo): boolean {
  return builtinKeys.has(gvkString(info));
}
