/**
 * What the fake client knows of a kind besides its coordinates: whether it has a status
 * subresource, whether the API server tracks `metadata.generation` for it, which field
 * selectors it accepts, and its `@operant/crd` class (for defaults and validation).
 *
 * Custom resources track generation; they have a status subresource when their class says
 * `@StatusSubresource()` or the fake was told `withStatusSubresource(Type)`. Built-in kinds
 * follow the table below (the API server's strategies, Kubernetes 1.37).
 * @module
 */
import { type ResourceInfo, resources } from '@operant/core';
import { getResourceMetadata } from '@operant/crd';

export interface KindTraits {
  status: boolean;
  generation: boolean;
  /** Field selectors the API server accepts beyond metadata.name and metadata.namespace; undefined = any. */
  selectableFields: readonly string[] | undefined;
  /** The `@operant/crd` class, when the kind was named by one. */
  schemaClass: resources.ObjectClass | undefined;
}

/** Built-in kinds with a status subresource and/or generation tracking; the rest have neither. */
const builtinTraits: Record<string, Pick<KindTraits, 'status' | 'generation'>> = {
  'Pod.v1': { status: true, generation: true },
  'Service.v1': { status: true, generation: false },
  'Namespace.v1': { status: true, generation: false },
  'Node.v1': { status: true, generation: false },
  'PersistentVolume.v1': { status: true, generation: false },
  'PersistentVolumeClaim.v1': { status: true, generation: false },
  'Deployment.v1.apps': { status: true, generation: true },
  'StatefulSet.v1.apps': { status: true, generation: true },
  'DaemonSet.v1.apps': { status: true, generation: true },
  'ReplicaSet.v1.apps': { status: true, generation: true },
  'Job.v1.batch': { status: true, generation: true },
  'CronJob.v1.batch': { status: true, generation: true },
  'Ingress.v1.networking.k8s.io': { status: true, generation: true },
  'NetworkPolicy.v1.networking.k8s.io': { status: false, generation: true },
  'PodDisruptionBudget.v1.policy': { status: true, generation: true },
  'CustomResourceDefinition.v1.apiextensions.k8s.io': { status: true, generation: true },
};

const builtinKeys = new Set([...resources.builtinResources.values()].map((info) => resources.gvkString(info)));

export function isBuiltin(info: ResourceInfo): boolean {
  return builtinKeys.has(resources.gvkString(info));
}

/** The traits of a kind; `statusOverride` is what `withStatusSubresource` said, `type` the class it was named by. */
export function traitsOf(info: ResourceInfo, type: unknown, statusOverride: boolean | undefined): KindTraits {
  if (isBuiltin(info)) {
    const t = builtinTraits[resources.gvkString(info)] ?? { status: false, generation: false };
    return { ...t, status: statusOverride ?? t.status, selectableFields: undefined, schemaClass: undefined };
  }
  const meta = typeof type === 'function' ? getResourceMetadata(type) : undefined;
  const isCrdClass = meta?.options !== undefined;
  return {
    status: statusOverride ?? meta?.status ?? false,
    generation: true,
    selectableFields: (meta?.selectableFields ?? []).map((f) => f.replace(/^\./, '')),
    schemaClass: isCrdClass ? (type as KindTraits['schemaClass']) : undefined,
  };
}
