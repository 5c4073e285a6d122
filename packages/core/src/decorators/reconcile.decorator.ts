/**
 * `@Reconcile()`: the method that reconciles, `(request, context) => Promise<Result | void>`.
 * Stands for `builder.complete(reconciler)`. Exactly one per controller (the scanner checks).
 * @module
 */
import { DecoratorError, place } from './errors.js';
import { updateControllerMetadata } from './metadata/storage.js';

export function Reconcile(): MethodDecorator {
  return (target, member, descriptor) => {
    if (typeof descriptor.value !== 'function') {
      throw new DecoratorError(`@Reconcile() on ${place(target, member)}: only methods can reconcile`);
    }
    updateControllerMetadata(target.constructor, (m) => ({ ...m, reconcileMethods: [...m.reconcileMethods, member] }));
  };
}
