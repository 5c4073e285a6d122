/**
 * Turns an event into reconcile requests on a queue (controller-runtime's
 * `handler.EventHandler`). Handlers may be async (map functions that read the cache);
 * a throw is caught by the source and logged, and the event dropped for that handler only.
 * @module
 */
import type { AddOptions } from '../workqueue/priority-queue.js';
import type { CreateEvent, DeleteEvent, GenericEvent, UpdateEvent } from './events.js';
import type { KubernetesObject } from './object.js';
import type { Request } from './request.js';

/** The part of a controller's workqueue that event handlers see. */
export interface RequestQueue {
  add(request: Request): void;
  addAfter(request: Request, delayMs: number): void;
  addRateLimited(request: Request): void;
  /**
   * Adds with a priority (and a delay): present only when the controller runs on the
   * priority queue (controller-runtime's `priorityqueue.PriorityQueue.AddWithOpts`); the
   * plain queue has no priorities, and handlers then use `add`.
   */
  addWithOptions?(request: Request, options: AddOptions): void;
  /**
   * The controller fed by this queue when it reads its own writes: kind sources drop the
   * watch events that only echo that controller's own status writes.
   */
  readonly echoesOf?: string;
}

type Handles<E> = (event: E, queue: RequestQueue) => void | Promise<void>;

export interface EventHandler<T extends KubernetesObject = KubernetesObject> {
  create?: Handles<CreateEvent<T>>;
  update?: Handles<UpdateEvent<T>>;
  delete?: Handles<DeleteEvent<T>>;
  generic?: Handles<GenericEvent<T>>;
}
