/**
 * `@operant/core`: the runtime (client, cache, workqueue, controllers, manager) and the
 * decorators that drive it. The package root exports the everyday names only: the
 * decorators, starting an application, the reconcile contract, the client, `controllerutil`
 * and `predicate`, and the errors a reconciler tests for. Everything else has a subpath
 * named after its folder (and after controller-runtime's package): `@operant/core/builder`,
 * `/cache`, `/client`, `/handler`, `/source`, `/workqueue`, `/manager`, `/webhook`, …;
 * the built-in kind tokens are `@operant/core/kinds`. Each name has one home: a subpath does
 * not repeat what the root exports. `@operant/core/internal` is for Operant's own packages
 * (@operant/testing, @operant/cli), not for users. `api/operant-core*.api.md` list them all.
 * @module
 */

// the errors a reconciler tests for (the error base lives in @operant/crd, which every package depends on)
export { isOperantError, OperantError, type OperantErrorReason } from '@operant/crd/metadata';
export type { Logger } from './api/logger.js';
// the reconcile contract
export type { KubernetesObject } from './api/object.js';
export type { ReconcileContext, Reconciler } from './api/reconciler.js';
export type { Request } from './api/request.js';
export { done, type Result, requeue, requeueAfter } from './api/result.js';
// the client, and the errors a reconciler tests for most (the rest is `@operant/core/client`)
export { ignoreAlreadyExists, ignoreNotFound, isAlreadyExists, isConflict, isNotFound } from './api/status-error.js';
export { isTerminalError, TerminalError } from './api/terminal-error.js';
export type { Client } from './client/interfaces.js';
// controller-runtime's controllerutil and predicate packages, spelled as in Go
export * as controllerutil from './controllerutil/index.js';
// the decorators: a controller, its dependents, watches and filters, its RBAC, webhooks, modules and injection
// (the rarer ones — the other predicate decorators, `@Channel`, `@Conversion` — are `@operant/core/decorators`)
export { Controller } from './decorators/controller.decorator.js';
export { Dependent } from './decorators/dependent.decorator.js';
export { Module } from './decorators/module.decorator.js';
// the decorator `@Predicate(...)`, and `@GenerationChanged()`
export { GenerationChanged, Predicate } from './decorators/predicate.decorator.js';
export { Rbac } from './decorators/rbac.decorator.js';
export { Reconcile } from './decorators/reconcile.decorator.js';
export { Watches } from './decorators/watches.decorator.js';
export { DefaultingWebhook, ValidatingWebhook } from './decorators/webhook.decorator.js';
// starting an application, and what its controllers inject
export type { Operator } from './di/create-operator.js';
export { Inject, Injectable } from './di/inject.js';
export { OperantFactory } from './di/operant-factory.js';
export { CLIENT, EVENT_RECORDER, LOGGER, MANAGER } from './di/tokens.js';
export type { EventRecorder } from './events/recorder.js';
export { managerOptionsFromFlags } from './manager/flags.js';
export type { Manager } from './manager/interfaces.js';
export { runOperator } from './manager/run-operator.js';
export * as predicate from './predicate/index.js';
