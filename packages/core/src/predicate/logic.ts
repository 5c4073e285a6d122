/**
 * Combining predicates: `and(...)` (all pass), `or(...)` (any passes), `not(p)`. Each
 * method is evaluated per event kind, where a missing method counts as passing.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { Predicate } from '../api/predicate.js';
import { type EventKind, type EventOf, passes } from './funcs.js';

const kinds: readonly EventKind[] = ['create', 'update', 'delete', 'generic'];

function combine<T extends KubernetesObject>(
  rule: <K extends EventKind>(kind: K, event: EventOf<K, T>) => boolean,
): Predicate<T> {
  const predicate: Predicate<T> = {};
  for (const kind of kinds) {
    (predicate as Record<EventKind, (e: unknown) => boolean>)[kind] = (event) =>
      rule(kind, event as EventOf<typeof kind, T>);
  }
  return predicate;
}

export function and<T extends KubernetesObject = KubernetesObject>(...predicates: Predicate<T>[]): Predicate<T> {
  return combine<T>((kind, event) => predicates.every((p) => passes(p, kind, event)));
}

export function or<T extends KubernetesObject = KubernetesObject>(...predicates: Predicate<T>[]): Predicate<T> {
  return combine<T>((kind, event) => predicates.some((p) => passes(p, kind, event)));
}

export function not<T extends KubernetesObject = KubernetesObject>(predicate: Predicate<T>): Predicate<T> {
  return combine<T>((kind, event) => !passes(predicate, kind, event));
}
