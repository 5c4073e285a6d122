/**
 * `@Predicate(...predicates)` and reusable predicate decorators. Where one sits decides what
 * it filters, by one rule (checked in builder/controller-rules.ts when the class is scanned):
 *
 * - on the class: the `for` kind's events only — `for(Type, { predicates })`;
 * - on a `@Watches` method: that watch's events only — `watches(Type, h, { predicates })`;
 * - on the `@Reconcile` method: the class rule (the `for` kind), the usual place for `@GenerationChanged()`;
 * - with no arguments on a method, `@Predicate() onlyLabelled(event): boolean`: the method is a
 *   predicate of the class, so of the `for` kind (called with the event and its kind).
 *
 * Anywhere else (a plain method, a `@Channel` method; a predicate method that is also the
 * `@Reconcile` or a `@Watches` method) the scanner refuses it. Owned kinds are not filtered
 * by decorators: `owns(Type, { predicates })` of the builder does that.
 *
 * `createPredicateDecorator(make)` turns a predicate factory into a decorator that works in
 * all these places: `export const OnlyProduction = createPredicateDecorator(() => predicate.namespace('prod'))`.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { Predicate as PredicateContract } from '../api/predicate.js';
import { annotationChanged, generationChanged, labelChanged, resourceVersionChanged } from '../predicate/changed.js';
import { labelSelector, namespace } from '../predicate/object-filters.js';
import { DecoratorError, place } from './errors.js';
import { updateControllerMetadata } from './metadata/storage.js';

type AnyDecorator = ClassDecorator & MethodDecorator;

function record(predicates: readonly PredicateContract[], self: boolean, name: string): AnyDecorator {
  return (target: object, member?: string | symbol, descriptor?: PropertyDescriptor) => {
    const cls = typeof target === 'function' ? target : target.constructor;
    if (self && (member === undefined || typeof descriptor?.value !== 'function')) {
      throw new DecoratorError(
        `${name} on ${place(target, member)}: with no predicates it must decorate a method (the method is the predicate)`,
      );
    }
    predicates.forEach((p, i) => {
      if (typeof p !== 'object' || p === null) {
        throw new DecoratorError(`${name} on ${place(target, member)}: argument ${i} is not a predicate`);
      }
    });
    const placement = { member, predicates, self, decorator: name };
    updateControllerMetadata(cls, (m) => ({ ...m, predicates: [...m.predicates, placement] }));
  };
}

/**
 * The event filter contract, under the same name as the decorator so that one import serves
 * both `@Predicate(...)` and `const p: Predicate = ...`.
 */
export type Predicate<T extends KubernetesObject = KubernetesObject> = PredicateContract<T>;

export function Predicate(...predicates: PredicateContract[]): AnyDecorator {
  return record(predicates, predicates.length === 0, '@Predicate');
}

/** A decorator factory from a predicate factory; the decorator's arguments go to `make`. */
export function createPredicateDecorator<A extends unknown[]>(
  make: (...args: A) => PredicateContract,
  name = make.name || 'predicate decorator',
): (...args: A) => AnyDecorator {
  return (...args: A) => record([make(...args)], false, `@${name}`);
}

/** Updates only when `metadata.generation` changed. */
export const GenerationChanged = createPredicateDecorator(() => generationChanged(), 'GenerationChanged');
/** Updates only when labels changed. */
export const LabelChanged = createPredicateDecorator(() => labelChanged(), 'LabelChanged');
/** Updates only when annotations changed. */
export const AnnotationChanged = createPredicateDecorator(() => annotationChanged(), 'AnnotationChanged');
/** Updates only when `metadata.resourceVersion` changed. */
export const ResourceVersionChanged = createPredicateDecorator(
  () => resourceVersionChanged(),
  'ResourceVersionChanged',
);
/** Objects in these namespaces only. */
export const InNamespace = createPredicateDecorator(
  (...namespaces: string[]) => namespace(...namespaces),
  'InNamespace',
);
/** Objects whose labels include these. */
export const MatchLabels = createPredicateDecorator(
  (labels: Record<string, string>) => labelSelector({ matchLabels: labels }),
  'MatchLabels',
);
