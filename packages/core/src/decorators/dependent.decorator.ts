/**
 * `@Dependent(Type, options?)` on a method of a controller class: the method returns the
 * desired child (an apply configuration of `Type`), a list of them, or nothing, for the
 * primary it is given — `builder.dependent(Type, (primary, context) => instance.method(primary, context), options)`.
 * The dependent's name defaults to the method's name. A class with dependents needs no
 * `@Reconcile` method; one it has runs after the dependents, with their outcome as third
 * argument. Records metadata only; the scanner checks names, `dependsOn` and cycles.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { DependentOptions } from '../dependent/dependent.js';
import type { ResourceType } from '../resources/resource-type.js';
import { checkDependentOptions } from './dependent-options.js';
import { DecoratorError, place } from './errors.js';
import { updateControllerMetadata } from './metadata/storage.js';

const isType = (value: unknown): boolean =>
  typeof value === 'function' || (typeof value === 'object' && value !== null);

export function Dependent<C extends KubernetesObject, P extends KubernetesObject = never>(
  type: ResourceType<C>,
  options: DependentOptions<P, C> = {},
): MethodDecorator {
  return (target, member, descriptor) => {
    const where = `@Dependent on ${place(target, member)}`;
    if (typeof descriptor?.value !== 'function') {
      throw new DecoratorError(`${where}: only methods can return the desired children`);
    }
    if (!isType(type)) throw new DecoratorError(`${where}: the first argument must be a resource type`);
    checkDependentOptions(where, options, '{ name?, dependsOn?, readyWhen?, activeWhen?, force?, fieldOwner? }');
    const dependent = { type, member, options: { ...options } as DependentOptions };
    updateControllerMetadata(target.constructor, (m) => ({ ...m, dependents: [...m.dependents, dependent] }));
  };
}
