/**
 * The shape every Kubernetes object shares, as Operant's runtime sees it: `apiVersion`,
 * `kind` and `metadata`. client-node's models (`V1ConfigMap`, …) and user CRD classes both
 * fit it. Also the object key (`namespace/name`) and `deepCopy`, the cheap copy a
 * reconciler takes before it mutates an object handed out (frozen) by the cache.
 * @module
 */

import type { ObjectMeta, OwnerReference } from '@operant/crd';

// metav1.ObjectMeta and metav1.OwnerReference: declared once, in @operant/crd (CustomObject's metadata)
export type { ObjectMeta, OwnerReference };

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
  metadata?: {
    resourceVersion?: string;
    continue?: string;
    remainingItemCount?: number;
    /** Set by a server that applied a `shardSelector` (alpha `ShardedListAndWatch`): the selector, echoed. */
    shardInfo?: { selector: string };
  };
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
