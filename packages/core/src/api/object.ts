/**
 * The shape every Kubernetes object shares, as Operant's runtime sees it: `apiVersion`,
 * `kind` and `metadata`. client-node's models (`V1ConfigMap`, …) and user CRD classes both
 * fit it. Also the object key (`namespace/name`) and `deepCopy`, the cheap copy a
 * reconciler takes before it mutates an object handed out (frozen) by the cache.
 * @module
 */

/** The owner reference fields the runtime reads. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** The `metadata` fields the runtime reads; structurally compatible with client-node's `V1ObjectMeta`. */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: Date | string;
  deletionTimestamp?: Date | string;
  labels?: { [key: string]: string };
  annotations?: { [key: string]: string };
  finalizers?: string[];
  ownerReferences?: OwnerReference[];
  managedFields?: unknown[];
}

/** Any Kubernetes object. */
export interface KubernetesObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}

/** A list as the API server returns it. */
export interface KubernetesList<T extends KubernetesObject = KubernetesObject> {
  apiVersion?: string;
  kind?: string;
  metadata?: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  items: T[];
}

/** Identifies one object: controller-runtime's `client.ObjectKey` (also the shape of a reconcile `Request`). */
export interface ObjectKey {
  namespace?: string;
  name: string;
}

/** `namespace/name`, or `name` for cluster-scoped objects: the key the cache stores objects by. */
export function objectKey(obj: KubernetesObject | ObjectKey): string {
  const meta: ObjectKey | ObjectMeta = 'metadata' in obj ? (obj.metadata ?? {}) : (obj as ObjectKey);
  const name = meta.name ?? '';
  return meta.namespace ? `${meta.namespace}/${name}` : name;
}

/**
 * A mutable deep copy of an object. Objects handed out by the cache are frozen and shared
 * between readers; copy one with this before changing it.
 */
export function deepCopy<T>(obj: T): T {
  return structuredClone(obj);
}
