/**
 * External dependents (java-operator-sdk's external dependent resources): something a
 * controller keeps for each primary that cannot carry the primary's owner reference — a
 * record in another system, an object in another namespace, a cluster-scoped object — so
 * the garbage collector cannot remove it. The dependent reads, applies and deletes it
 * itself (`ExternalResource`); Operant holds the finalizer `DEPENDENTS_FINALIZER` on a
 * primary with external dependents, and when the primary is deleted it deletes them
 * (the dependents that others depend on last) and only then removes the finalizer. A
 * delete that fails makes the reconcile fail: it is retried with backoff and the primary stays.
 * The finalizer's name is the controller's `finalizerName` option (java-operator-sdk's), by
 * default `DEPENDENTS_FINALIZER`.
 *
 * Each method gets the reconcile's context and a `reader` for what exists: the controller's
 * client (its cached reads) while the primary lives, the manager's API reader
 * (controller-runtime's `GetAPIReader`) once it is being deleted, so that a resource created
 * just before, which the cache has not seen yet, is still found and deleted.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { ReconcileContext } from '../api/reconciler.js';
import type { Reader } from '../client/interfaces.js';
import type { DependentOptions } from './dependent.js';

/** The finalizer Operant holds on a primary while it has external dependents to delete, unless the controller names another (`finalizerName`). */
export const DEPENDENTS_FINALIZER = 'operant.dev/dependents';

/**
 * How an external dependent reads, applies and deletes its resource for one primary. Read
 * Kubernetes objects through `context.reader`: the cache while the primary lives, the API
 * server while it is being deleted.
 */
export interface ExternalResource<P extends KubernetesObject = KubernetesObject, R = unknown> {
  /** The resource of `primary` as it is now; undefined when there is none. */
  read(primary: P, context: ReconcileContext & { readonly reader: Reader }): R | undefined | Promise<R | undefined>;
  /** Makes the resource of `primary` what it should be (`current`: what `read` found) and returns it. */
  apply(primary: P, current: R | undefined, context: ReconcileContext & { readonly reader: Reader }): R | Promise<R>;
  /** Deletes `current`, the resource of `primary`; a throw keeps the primary's finalizer and is retried. */
  delete(primary: P, current: R, context: ReconcileContext & { readonly reader: Reader }): void | Promise<void>;
}

/** What `externalDependent(resource, options)` and `@ExternalDependent(options)` take. */
export interface ExternalDependentOptions<P extends KubernetesObject = KubernetesObject, R = unknown>
  extends Pick<DependentOptions<P>, 'dependsOn' | 'activeWhen'> {
  /** Names the dependent in `dependsOn` and in the primary's conditions (`@ExternalDependent`: default the method's name). */
  name?: string;
  /** Whether the applied resource is ready; default: applied is ready. */
  readyWhen?: (resource: R, primary: P) => boolean;
}
