/**
 * The `regarding` and `related` of an Event (client-go's `reference.GetReference`): the
 * object's apiVersion, kind, namespace, name, uid and resourceVersion, and the key that
 * tells two references apart.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';

/** `corev1.ObjectReference` as Events carry it. */
export interface ObjectReference {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

/** The reference to `object`; empty for no object (the recorder then refuses the event). */
export function objectReference(object: KubernetesObject | undefined): ObjectReference {
  const meta = object?.metadata ?? {};
  const reference: ObjectReference = {
    apiVersion: object?.apiVersion,
    kind: object?.kind,
    namespace: meta.namespace,
    name: meta.name,
    uid: meta.uid,
    resourceVersion: meta.resourceVersion,
  };
  for (const field of Object.keys(reference) as (keyof ObjectReference)[]) {
    if (reference[field] === undefined || reference[field] === '') delete reference[field];
  }
  return reference;
}

/** Equal for equal references (every field, as Go compares the struct). */
export function referenceKey(reference: ObjectReference | undefined): string {
  if (reference === undefined) return '';
  const { apiVersion, kind, namespace, name, uid, resourceVersion, fieldPath } = reference;
  return [apiVersion, kind, namespace, name, uid, resourceVersion, fieldPath].map((v) => v ?? '').join('\u0001');
}
