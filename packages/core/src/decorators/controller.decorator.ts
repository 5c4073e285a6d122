/**
 * `@Controller({ for, owns?, name?, ...options })`: marks a class as a controller.
 * Records metadata only; the container makes the class injectable when it is given the class.
 * The scanner turns it into
 * `controllerManagedBy(mgr).for(options.for).owns(...).named(name).withOptions(options)`.
 * @module
 */
import { DecoratorError, place } from './errors.js';
import { updateControllerMetadata } from './metadata/storage.js';
import type { ControllerDecoratorOptions } from './metadata/types.js';

const isType = (value: unknown): boolean =>
  typeof value === 'function' || (typeof value === 'object' && value !== null);

export function Controller(options: ControllerDecoratorOptions): ClassDecorator {
  return (target) => {
    if (options === undefined || !isType(options.for)) {
      throw new DecoratorError(
        `@Controller on ${place(target)}: "for" must be a resource type (a class or resourceType())`,
      );
    }
    options.owns?.forEach((kind, i) => {
      if (!isType(kind)) throw new DecoratorError(`@Controller on ${place(target)}: owns[${i}] is not a resource type`);
    });
    updateControllerMetadata(target, (m) => ({ ...m, options: { ...options, owns: options.owns ?? [] } }));
  };
}
