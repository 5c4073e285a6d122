/**
 * Decorators that declare controllers, webhooks and modules. They only record metadata; `createOperator`
 * / `OperantFactory.create` scan it and drive the public builder (each decorator names its builder call),
 * and `operant rbac-gen` reads it (with `@Rbac`'s extra rules) to write the manager's role.
 * @module decorators
 */
export { Channel } from './channel.decorator.js';
export { Controller } from './controller.decorator.js';
export { DecoratorError } from './errors.js';
// the readers of the recorded metadata: `operant rbac-gen` (@operant/cli) reads controllers with them
export { getControllerMetadata, getModuleMetadata, getWebhookMetadata } from './metadata/storage.js';
export type {
  AnyClass,
  ControllerDecoratorOptions,
  ControllerMetadata,
  DefaultingWebhookOptions,
  ModuleMetadata,
  Provider,
  RbacMetadata,
  ValidatingWebhookOptions,
  WatchMetadata,
  WebhookManifestOptions,
  WebhookMetadata,
} from './metadata/types.js';
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
export { Rbac, type RbacOptions } from './rbac.decorator.js';
export { Reconcile } from './reconcile.decorator.js';
export { Watches, type WatchesDecoratorOptions } from './watches.decorator.js';
export { Conversion, type ConversionOptions, DefaultingWebhook, ValidatingWebhook } from './webhook.decorator.js';
