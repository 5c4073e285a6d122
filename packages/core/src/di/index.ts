/**
 * The scanners (controllers, webhooks) and the container: `createOperator`, `Operant.create(AppModule)`, tokens.
 * `bindProvider` and `wireControllerInto` are required by @operant/testing's reconcile
 * harness: decorated controllers, their providers and their wiring reach a test through
 * the same code as the runtime.
 * @module di
 */
export { bindProvider } from './container.js';
export { createOperator, flattenModule, Operant, Operator, type OperatorOptions } from './create-operator.js';
export { ScanError, type ScanProblem, type ScanProblemKind } from './errors.js';
export { Inject, Injectable } from './inject.js';
export { type ControllerClass, type ControllerSpec, scanControllers } from './scan-controller.js';
export { scanWebhooks, type WebhookClass, type WebhookSpec } from './scan-webhook.js';
export { CLIENT, EVENT_RECORDER, LOGGER, OPERATOR_OPTIONS } from './tokens.js';
export { type ControllerWiring, wireControllerInto } from './wire-controller.js';
