/**
 * `metav1.ObjectMeta` and `metav1.OwnerReference`, the fields operators and the runtime read:
 * the one declaration, here because `CustomObject` (the lowest package's user) types its
 * `metadata` with it; `@operant/core`'s `KubernetesObject` re-exports it. Structurally
 * compatible with client-node's `V1ObjectMeta` (timestamps are `Date` there, strings on
 * the wire), so client-node models and CRD classes both fit.
 * @module
 */

/** An owner reference, as `metadata.ownerReferences` holds it. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** The `metadata` of an object; the API server fills in the rest. */
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
