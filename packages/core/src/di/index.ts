/**
 * The scanners (controllers, webhooks) and the container: `OperantFactory.create(AppModule)`
 * (the way to start an application), `createOperator` (flat lists of classes), tokens.
 * `bindProvider`, `createContainer` and `wireControllerInto` are required by
 * @operant/testing's reconcile harness: decorated controllers, their providers and their
 * wiring reach a test through the same code as the runtime.
 * @module di
 */
export { bindProvider, type ContainerRuntime, createContainer } from './container.js';
export { createOperator, flattenModule, Operator, type OperatorOptions } from './create-operator.js';
export { ScanError, type ScanProblem, type ScanProblemKind } from './errors.js';
export { Inject, Injectable } from './inject.js';
export { OperantFactory, type OperantFactoryOptions } from './operant-factory.js';
export { type ControllerClass, type ControllerSpec, scanControllers } from './scan-controller.js';
export { scanWebhooks, type WebhookClass, type WebhookSpec } from './scan-webhook.js';
export { CLIENT, CLUSTER, EVENT_RECORDER, LOGGER, MANAGER, OPERATOR_OPTIONS } from './tokens.js';
export { type ControllerWiring, wireControllerInto } from './wire-controller.js';
