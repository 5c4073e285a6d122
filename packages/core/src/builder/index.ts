/**
 * `controllerManagedBy(manager).for().owns().dependent().watches().withEventFilter().named().withOptions().complete()`
 * (`dependent()`: see @operant/core/dependent),
 * and `webhookManagedBy(manager).for().withValidator().withDefaulter().withConverter().complete()`;
 * `WatchesOptions` (what `watches(kind, handler, options)` takes beside predicates), and the
 * error `complete()` throws when the recorded calls do not add up (`BuilderError`).
 * @module builder
 */

export { controllerManagedBy } from './builder.js';
export type { WatchesOptions } from './controller-inputs.js';
export { BuilderError } from './errors.js';
export { webhookManagedBy } from './webhook-builder.js';
