/**
 * `enqueueRequestForObject()`: reconcile the object the event is about (what `for()` uses).
 * An update enqueues the new object (and the old one if its name differs, which the API
 * server never does but a channel source might). Initial-list and unchanged events go in at
 * low priority on the priority queue (`withLowPriorityWhenUnchanged`).
 * @module
 */
import type { EventHandler } from '../api/event-handler.js';
import type { KubernetesObject } from '../api/object.js';
import { type Request, requestFor, requestKey } from '../api/request.js';
import { namedHandler } from '../trace/handler-name.js';
import { withLowPriorityWhenUnchanged } from './low-priority.js';

export function enqueueRequestForObject<T extends KubernetesObject = KubernetesObject>(): EventHandler<T> {
  const one = (obj: T): Request | undefined => (obj.metadata?.name ? requestFor(obj) : undefined);
  const handler = withLowPriorityWhenUnchanged<T>({
    create: ({ object }, queue) => {
      const r = one(object);
      if (r) queue.add(r);
    },
    update: ({ objectOld, objectNew }, queue) => {
      const next = one(objectNew);
      const prev = one(objectOld);
      if (next) queue.add(next);
      if (prev && (!next || requestKey(prev) !== requestKey(next))) queue.add(prev);
    },
    delete: ({ object }, queue) => {
      const r = one(object);
      if (r) queue.add(r);
    },
    generic: ({ object }, queue) => {
      const r = one(object);
      if (r) queue.add(r);
    },
  });
  return namedHandler(handler, 'enqueueRequestForObject');
}
