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

/** Adds each request of `requests` whose key is not in `seen` (made at the first add); returns `seen`. */
function addDistinct(
  queue: { add(r: Request): void },
  requests: readonly Request[],
  seen: Set<string> | undefined,
): Set<string> | undefined {
  for (const request of requests) {
    const key = requestKey(request);
    if (seen?.has(key)) continue;
    seen ??= new Set();
    seen.add(key);
    queue.add(request);
  }
  return seen;
}

export function handlerFromMapper<T extends KubernetesObject>(
  map: (obj: T) => readonly Request[] | Promise<readonly Request[]>,
): EventHandler<T> {
  /** A map returned a promise: its requests, and those of the objects after it, are added as they resolve. */
  const enqueueLater = async (
    queue: { add(r: Request): void },
    mapped: Promise<readonly Request[]>,
    rest: readonly T[],
    added: Set<string> | undefined,
  ): Promise<void> => {
    // adds after an await are still causes of this event
    const causes = causeLogOf(queue);
    const event = causes?.capture();
    let seen = added;
    const add = (requests: readonly Request[]) => {
      seen = addDistinct(queue, requests, seen);
    };
    const addLater = (requests: readonly Request[]) =>
      causes === undefined ? add(requests) : causes.within(event, () => add(requests));
    addLater(await mapped);
    for (const obj of rest) addLater(await map(obj));
  };
  // a synchronous map (the owner handler's) adds at once, without a promise, closure or set per event
  const enqueue = (queue: { add(r: Request): void }, ...objects: T[]): Promise<void> | undefined => {
    let seen: Set<string> | undefined;
    for (let i = 0; i < objects.length; i++) {
      const mapped = map(objects[i] as T);
      if (mapped instanceof Promise) return enqueueLater(queue, mapped, objects.slice(i + 1), seen);
      seen = addDistinct(queue, mapped, seen);
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
