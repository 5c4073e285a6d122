/**
 * What a reconcile is asked to do: converge one object, named by namespace and name only.
 * No event type and no object travel with it (controller-runtime's `reconcile.Request`);
 * the reconciler reads current state itself. `namespace` is `''` for cluster-scoped kinds.
 * @module
 */
import type { KubernetesObject } from './object.js';

export interface Request {
  readonly namespace: string;
  readonly name: string;
}

/** The workqueue key of a request: `namespace/name`, or `name` for cluster-scoped objects. */
export function requestKey(request: Request): string {
  return request.namespace === '' ? request.name : `${request.namespace}/${request.name}`;
}

/** The request a workqueue key stands for (the inverse of `requestKey`). */
export function requestFromKey(key: string): Request {
  const slash = key.indexOf('/');
  return slash < 0 ? { namespace: '', name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

/** The request that reconciles `obj` itself. */
export function requestFor(obj: KubernetesObject): Request {
  return { namespace: obj.metadata?.namespace ?? '', name: obj.metadata?.name ?? '' };
}
