/**
 * `enqueueRequestsFromMapFunc(fn)`: reconcile whatever `fn` maps the object to (what a
 * `@Watches` method becomes). `fn` may be async; an update maps both the old and the new
 * object, and duplicates within one event are dropped.
 * @module
 */
import type { EventHandler } from '../api/event-handler.js';
import type { KubernetesObject } from '../api/object.js';
import type { Request } from '../api/request.js';
import { namedHandler } from '../trace/handler-name.js';
import { handlerFromMapper } from './enqueue-unique.js';

export type MapFunc<T extends KubernetesObject = KubernetesObject> = (
  obj: T,
) => readonly Request[] | Promise<readonly Request[]>;

export function enqueueRequestsFromMapFunc<T extends KubernetesObject = KubernetesObject>(
  fn: MapFunc<T>,
): EventHandler<T> {
  return namedHandler(handlerFromMapper(fn), 'enqueueRequestsFromMapFunc');
}
