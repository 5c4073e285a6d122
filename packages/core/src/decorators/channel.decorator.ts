/**
 * `@Channel()` on a method that returns an async iterable or an EventEmitter of objects
 * (`{ metadata: { namespace, name } }`): events from outside the cluster reconcile those
 * objects. The method runs once, on the instance, at start-up, so it can hand out an
 * injected provider's stream. Stands for
 * `builder.watchesRawSource(source.channel(instance.method(), handler.enqueueRequestForObject()))`.
 * @module
 */
import { DecoratorError, place } from './errors.js';
import { updateControllerMetadata } from './metadata/storage.js';

export function Channel(): MethodDecorator {
  return (target, member, descriptor) => {
    if (typeof descriptor.value !== 'function') {
      throw new DecoratorError(`@Channel() on ${place(target, member)}: only methods can provide a channel`);
    }
    updateControllerMetadata(target.constructor, (m) => ({ ...m, channels: [...m.channels, member] }));
  };
}
