/**
 * The events that predicates filter and event handlers map to requests
 * (controller-runtime's `event` package). Objects are the cache's frozen, shared copies.
 * @module
 */
import type { KubernetesObject } from './object.js';

export interface CreateEvent<T extends KubernetesObject = KubernetesObject> {
  readonly object: T;
  /** The object came with the informer's initial list (a restart or a late handler), not a live create. */
  readonly isInInitialList: boolean;
}

export interface UpdateEvent<T extends KubernetesObject = KubernetesObject> {
  readonly objectOld: T;
  readonly objectNew: T;
}

export interface DeleteEvent<T extends KubernetesObject = KubernetesObject> {
  readonly object: T;
  /** The delete was missed while the watch was down; `object` is the last state the cache had. */
  readonly deleteStateUnknown: boolean;
}

/** An event from outside the cluster (a channel source: timers, queues, webhooks). */
export interface GenericEvent<T extends KubernetesObject = KubernetesObject> {
  readonly object: T;
}
