/**
 * Decorators that declare controllers and modules. They only record metadata; `createOperator`
 * / `Operant.create` scan it and drive the public builder (each decorator names its builder call).
 * @module decorators
 */
export { Channel } from './channel.decorator.js';
export { Controller } from './controller.decorator.js';
export { DecoratorError } from './errors.js';
export type { ControllerDecoratorOptions, ModuleMetadata, Provider } from './metadata/types.js';
export { Module } from './module.decorator.js';
export {
  AnnotationChanged,
  createPredicateDecorator,
  GenerationChanged,
  InNamespace,
  LabelChanged,
  MatchLabels,
  Predicate,
  ResourceVersionChanged,
} from './predicate.decorator.js';
export { Reconcile } from './reconcile.decorator.js';
export { Watches, type WatchesOptions } from './watches.decorator.js';
