/**
 * `controllerManagedBy(manager).for().owns().watches().withEventFilter().named().withOptions().complete()`.
 * @module builder
 */
export { Builder, controllerManagedBy, type ForOptions, type OwnsOptions, type WatchesOptions } from './builder.js';
export { BuilderError, type BuilderProblem, type BuilderProblemKind } from './errors.js';
