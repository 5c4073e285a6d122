/**
 * `withLowPriorityWhenUnchanged(handler)` (controller-runtime's
 * `handler.WithLowPriorityWhenUnchanged`): on the priority queue, the requests a handler adds
 * for an object of the informer's initial list (`isInInitialList`), or for an update whose
 * `resourceVersion` did not change (a resync), go in at `LOW_PRIORITY` (-100) unless the
 * handler asks for a priority itself; live events keep the default 0. On the plain queue it
 * changes nothing. The built-in handlers (`enqueueRequestForObject`, `enqueueRequestForOwner`,
 * `enqueueRequestsFromMapFunc`) are wrapped already, and so is a handler given to the
 * builder's `watches` (an object literal stands for Go's `handler.Funcs`, which has it); wrap
 * one passed to `source.kind()` directly to get the same. Wrapping twice changes nothing.
 * @module
 */
import type { EventHandler, RequestQueue } from '../api/event-handler.js';
import type { KubernetesObject } from '../api/object.js';
import { CAUSE_LOG, causeLogOf } from '../trace/cause-log.js';

/** The priority of initial-list and unchanged events (controller-runtime's `handler.LowPriority`). */
export const LOW_PRIORITY = -100;

/** `queue` with `priority` as the default of every add. */
function withDefaultPriority(queue: RequestQueue, priority: number): RequestQueue {
  const addWithOptions = queue.addWithOptions?.bind(queue);
  if (addWithOptions === undefined) return queue;
  return {
    add: (r) => addWithOptions(r, { priority }),
    addAfter: (r, afterMs) => addWithOptions(r, { priority, afterMs }),
    addRateLimited: (r) => addWithOptions(r, { priority, rateLimited: true }),
    addWithOptions: (r, o) => addWithOptions(r, { ...o, priority: o.priority ?? priority }),
    echoesOf: queue.echoesOf,
    [CAUSE_LOG]: causeLogOf(queue),
  } as RequestQueue;
}

/** Each queue's low-priority view, made once: a source hands its handler the same queue for every event. */
const lowPriorityViews = new WeakMap<RequestQueue, RequestQueue>();

function lowPriority(queue: RequestQueue): RequestQueue {
  let view = lowPriorityViews.get(queue);
  if (view === undefined) {
    view = withDefaultPriority(queue, LOW_PRIORITY);
    lowPriorityViews.set(queue, view);
  }
  return view;
}

export function withLowPriorityWhenUnchanged<T extends KubernetesObject>(handler: EventHandler<T>): EventHandler<T> {
  const { create, update } = handler;
  return {
    ...handler,
    create:
      create && ((event, queue) => create.call(handler, event, event.isInInitialList ? lowPriority(queue) : queue)),
    update:
      update &&
      ((event, queue) => {
        const unchanged = event.objectOld.metadata?.resourceVersion === event.objectNew.metadata?.resourceVersion;
        return update.call(handler, event, unchanged ? lowPriority(queue) : queue);
      }),
  };
}
