/**
 * `enqueueRequestsFromMapFunc(fn)`: reconcile whatever `fn` maps the object to (what a
 * `@Watches` method becomes). `fn` may be async; an update maps both the old and the new
 * object, and duplicates within one event are dropped.
 * @module
 */
import type { EventHandler, RequestQueue } from '../api/event-handler.js';
import type { KubernetesObject } from '../api/object.js';
import { type Request, requestKey } from '../api/request.js';

export type MapFunc<T extends KubernetesObject = KubernetesObject> = (
  obj: T,
) => readonly Request[] | Promise<readonly Request[]>;

export function enqueueRequestsFromMapFunc<T extends KubernetesObject = KubernetesObject>(
  fn: MapFunc<T>,
): EventHandler<T> {
  const enqueue = async (queue: RequestQueue, ...objects: T[]) => {
    const seen = new Set<string>();
    for (const obj of objects) {
      for (const request of await fn(obj)) {
        const key = requestKey(request);
        if (seen.has(key)) continue;
        seen.add(key);
        queue.add(request);
      }
    }
  };
  return {
    create: ({ object }, queue) => enqueue(queue, object),
    update: ({ objectOld, objectNew }, queue) => enqueue(queue, objectOld, objectNew),
    delete: ({ object }, queue) => enqueue(queue, object),
    generic: ({ object }, queue) => enqueue(queue, object),
  };
}
