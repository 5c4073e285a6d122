/**
 * `@Watches(...)`: more events for a controller.
 *
 * - on a method, `@Watches(Type, { predicates? })` (the predicates filter this watch only): the method maps a changed object to
 *   requests (async allowed) — `builder.watches(Type, handler.enqueueRequestsFromMapFunc(method))`;
 * - on the class, `@Watches(Type, { handler, predicates? })` — `builder.watches(Type, handler)`;
 * - on the class, `@Watches(source)` with any Source (e.g. `source.channel(...)`) —
 *   `builder.watchesRawSource(source)`.
 * @module
 */
import type { EventHandler } from '../api/event-handler.js';
import type { Source } from '../api/source.js';
import type { WatchesOptions } from '../builder/controller-inputs.js';
import type { ResourceType } from '../resources/resource-type.js';
import { DecoratorError, place } from './errors.js';
import { updateControllerMetadata } from './metadata/storage.js';
import type { WatchMetadata } from './metadata/types.js';

/** The builder's `WatchesOptions` (`predicates`: this watch only), and `handler` for a class-level `@Watches(Type)`. */
export interface WatchesDecoratorOptions extends WatchesOptions {
  handler?: EventHandler;
}

const isSource = (value: unknown): value is Source =>
  typeof value === 'object' && value !== null && typeof (value as Source).start === 'function';

export function Watches(
  typeOrSource: ResourceType | Source,
  options: WatchesDecoratorOptions = {},
): ClassDecorator & MethodDecorator {
  return (target: object, member?: string | symbol, descriptor?: PropertyDescriptor) => {
    const cls = typeof target === 'function' ? target : target.constructor;
    const where = `@Watches on ${place(target, member)}`;
    let watch: WatchMetadata;
    if (member !== undefined) {
      if (typeof descriptor?.value !== 'function')
        throw new DecoratorError(`${where}: only methods can map objects to requests`);
      if (isSource(typeOrSource)) throw new DecoratorError(`${where}: a method watches a resource type, not a source`);
      if (options.handler)
        throw new DecoratorError(`${where}: a method is the handler; "handler" belongs on a class-level @Watches`);
      watch = { type: typeOrSource, member, predicates: options.predicates ?? [] };
    } else if (isSource(typeOrSource)) {
      watch = { source: typeOrSource, predicates: [] };
    } else {
      if (options.handler === undefined) {
        throw new DecoratorError(
          `${where}: a class-level @Watches(Type) needs { handler } (or put @Watches on a map method)`,
        );
      }
      watch = { type: typeOrSource, handler: options.handler, predicates: options.predicates ?? [] };
    }
    updateControllerMetadata(cls, (m) => ({ ...m, watches: [...m.watches, watch] }));
  };
}
