/**
 * `funcs({ create, update, delete, generic })`: a predicate from functions, each optional
 * (a missing one lets its events through), and `applies`, the one place that evaluates a
 * list of predicates for an event (all must pass).
 * @module
 */
import type { CreateEvent, DeleteEvent, GenericEvent, UpdateEvent } from '../api/events.js';
import type { KubernetesObject } from '../api/object.js';
import type { Predicate } from '../api/predicate.js';

export type EventKind = 'create' | 'update' | 'delete' | 'generic';

export type EventOf<K extends EventKind, T extends KubernetesObject = KubernetesObject> = K extends 'create'
  ? CreateEvent<T>
  : K extends 'update'
    ? UpdateEvent<T>
    : K extends 'delete'
      ? DeleteEvent<T>
      : GenericEvent<T>;

/** A predicate from optional functions, controller-runtime's `predicate.Funcs`. */
export function funcs<T extends KubernetesObject = KubernetesObject>(fns: Predicate<T>): Predicate<T> {
  return { ...fns };
}

/** Whether one predicate lets the event through (a missing method does). */
export function passes<K extends EventKind, T extends KubernetesObject>(
  predicate: Predicate<T>,
  kind: K,
  event: EventOf<K, T>,
): boolean {
  const check = predicate[kind] as ((e: EventOf<K, T>) => boolean) | undefined;
  return check === undefined ? true : check.call(predicate, event);
}

/** Whether every predicate lets the event through. */
export function applies<K extends EventKind, T extends KubernetesObject>(
  predicates: readonly Predicate<T>[],
  kind: K,
  event: EventOf<K, T>,
): boolean {
  for (const predicate of predicates) if (!passes(predicate, kind, event)) return false;
  return true;
}
