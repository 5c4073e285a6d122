/**
 * Finalizers without clobbering anyone else's: add, remove and test one name. Each returns
 * whether it changed the object (so a reconciler writes only when needed). They modify the
 * object in place: pass a copy of a cached object.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';

export function containsFinalizer(object: KubernetesObject, finalizer: string): boolean {
  return object.metadata?.finalizers?.includes(finalizer) ?? false;
}

export function addFinalizer(object: KubernetesObject, finalizer: string): boolean {
  if (containsFinalizer(object, finalizer)) return false;
  object.metadata ??= {};
  object.metadata.finalizers = [...(object.metadata.finalizers ?? []), finalizer];
  return true;
}

export function removeFinalizer(object: KubernetesObject, finalizer: string): boolean {
  if (!containsFinalizer(object, finalizer)) return false;
  const metadata = object.metadata as NonNullable<KubernetesObject['metadata']>;
  metadata.finalizers = (metadata.finalizers ?? []).filter((f) => f !== finalizer);
  return true;
}
