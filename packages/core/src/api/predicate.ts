/**
 * Filters events before they reach an event handler; it never changes what the cache
 * stores. A missing method lets that kind of event through (Go's `predicate.Funcs`).
 * @module
 */
import type { CreateEvent, DeleteEvent, GenericEvent, UpdateEvent } from './events.js';
import type { KubernetesObject } from './object.js';

export interface Predicate<T extends KubernetesObject = KubernetesObject> {
  create?(event: CreateEvent<T>): boolean;
  update?(event: UpdateEvent<T>): boolean;
  delete?(event: DeleteEvent<T>): boolean;
  generic?(event: GenericEvent<T>): boolean;
}
