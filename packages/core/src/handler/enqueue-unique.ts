/**
 * The shared shape of the owner and map handlers: map each object of an event to requests
 * (sync or async), add each distinct request once per event, and apply that to all four
 * kinds of event (an update maps both the old and the new object); initial-list and
 * unchanged events go in at low priority on the priority queue (`withLowPriorityWhenUnchanged`).
 * @module
 */
import type { EventHandler } from '../api/event-handler.js';
import type { KubernetesObject } from '../api/object.js';
import { type Request, requestKey } from '../api/request.js';
import { causeLogOf } from '../trace/cause-log.js';
import { withLowPriorityWhenUnchanged } from './low-priority.js';

export function handlerFromMapper<T extends KubernetesObject>(
  map: (obj: T) => readonly Request[] | Promise<readonly Request[]>,
): EventHandler<T> {
  const enqueue = (queue: { add(r: Request): void }, ...objects: T[]): Promise<void> | undefined => {
    const seen = new Set<string>();
    const addAll = (requests: readonly Request[]): void => {
      for (const request of requests) {
        const key = requestKey(request);
        if (seen.has(key)) continue;
        seen.add(key);
        queue.add(request);
      }
    };
    // a synchronous map (the owner handler's) adds at once, without a promise per event
    for (let i = 0; i < objects.length; i++) {
      const mapped = map(objects[i] as T);
      if (!(mapped instanceof Promise)) {
        addAll(mapped);
        continue;
      }
      // adds after an await are still causes of this event
      const causes = causeLogOf(queue);
      const event = causes?.capture();
      const addLater = (requests: readonly Request[]) =>
        causes === undefined ? addAll(requests) : causes.within(event, () => addAll(requests));
      return (async () => {
        addLater(await mapped);
        for (const obj of objects.slice(i + 1)) addLater(await map(obj));
      })();
    }
    return undefined;
  };
  return withLowPriorityWhenUnchanged<T>({
    create: ({ object }, queue) => enqueue(queue, object),
    update: ({ objectOld, objectNew }, queue) => enqueue(queue, objectOld, objectNew),
    delete: ({ object }, queue) => enqueue(queue, object),
    generic: ({ object }, queue) => enqueue(queue, object),
  });
}
