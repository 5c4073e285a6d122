/**
 * `@ExternalDependent(options?)` on a method of a controller class: the method, called once
 * when the controller is wired, returns the `ExternalResource` (read, apply, delete) of
 * something the controller keeps for each primary that cannot carry its owner reference —
 * `builder.externalDependent(instance.method(), { ...options, name })`. The name defaults to
 * the method's name. The primary carries the finalizer `operant.dev/dependents` until the
 * resource's delete succeeded. Records metadata only; the scanner checks names, `dependsOn`
 * and cycles together with the `@Dependent` methods.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { ExternalDependentOptions } from '../dependent/external.js';
import { checkDependentOptions } from './dependent-options.js';
import { DecoratorError, place } from './errors.js';
import { updateControllerMetadata } from './metadata/storage.js';

export function ExternalDependent<P extends KubernetesObject = never, R = unknown>(
  options: ExternalDependentOptions<P, R> = {},
): MethodDecorator {
  return (target, member, descriptor) => {
    const where = `@ExternalDependent on ${place(target, member)}`;
    if (typeof descriptor?.value !== 'function') {
      throw new DecoratorError(`${where}: only methods can return the external resource`);
    }
    checkDependentOptions(where, options, '{ name?, dependsOn?, readyWhen?, activeWhen? }');
    const dependent = { external: true as const, member, options: { ...options } as ExternalDependentOptions };
    updateControllerMetadata(target.constructor, (m) => ({ ...m, dependents: [...m.dependents, dependent] }));
  };
}
