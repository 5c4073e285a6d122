/**
 * Predicates on the object itself, for every kind of event: `labelSelector(...)` (a string
 * such as `app=web,tier in (a,b)` or matchLabels/matchExpressions, matched exactly as the
 * cache matches list selectors) and `namespace(...)`. An update passes when its new object matches.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { Predicate } from '../api/predicate.js';
import { compileLabelSelector, type LabelSelector } from '../client/selectors.js';

function onObject<T extends KubernetesObject>(test: (obj: T) => boolean): Predicate<T> {
  return {
    create: (e) => test(e.object),
    update: (e) => test(e.objectNew),
    delete: (e) => test(e.object),
    generic: (e) => test(e.object),
  };
}

/** Passes objects whose labels match the selector; a malformed selector throws at once. */
export function labelSelector<T extends KubernetesObject = KubernetesObject>(selector: LabelSelector): Predicate<T> {
  const matcher = compileLabelSelector(selector);
  return onObject<T>((obj) => matcher.matches(obj.metadata?.labels));
}

/** Passes objects in one of the given namespaces. */
export function namespace<T extends KubernetesObject = KubernetesObject>(...namespaces: string[]): Predicate<T> {
  const allowed = new Set(namespaces);
  return onObject<T>((obj) => allowed.has(obj.metadata?.namespace ?? ''));
}
