/**
 * `controllerManagedBy(manager).for().owns().watches().withEventFilter().named().withOptions().complete()`,
 * and `webhookManagedBy(manager).for().withValidator().withDefaulter().withConverter().complete()`.
 * @module builder
 */
export { Builder, controllerManagedBy } from './builder.js';
// ControllerInputs is required by @operant/testing's reconcile harness (its controllers watch what a built one would)
export { ControllerInputs, type ForOptions, type OwnsOptions, type WatchesOptions } from './controller-inputs.js';
export { BuilderError, type BuilderProblem, type BuilderProblemKind } from './errors.js';
export { type ValidatorOptions, WebhookBuilder, webhookManagedBy } from './webhook-builder.js';
