/**
 * `@operant/core`: the runtime (client, cache, workqueue, controllers, manager) and the
 * decorators that drive it. The package root exports the everyday names only: the
 * decorators, starting an application, the reconcile contract, the client, `controllerutil`
 * and `predicate`, and the errors a reconciler tests for. Everything else has a subpath
 * named after its folder (and after controller-runtime's package): `@operant/core/builder`,
 * `/cache`, `/client`, `/handler`, `/source`, `/workqueue`, `/manager`, `/webhook`, …;
 * the built-in kind tokens are `@operant/core/kinds`. `api/operant-core.api.md` lists them all.
 * @module
 */

// the errors a reconciler tests for (the error base lives in @operant/crd, which every package depends on)
export { isOperantError, OperantError, type OperantErrorReason } from '@operant/crd/metadata';
// the reconcile contract
export {
  done,
  isTerminalError,
  type KubernetesObject,
  type Logger,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
  requeue,
  requeueAfter,
  TerminalError,
} from './api/index.js';
export type { Client } from './client/index.js';
export { ignoreAlreadyExists, ignoreNotFound, isAlreadyExists, isConflict, isNotFound } from './client/index.js';
// controller-runtime's controllerutil and predicate packages, spelled as in Go (also their own subpaths)
export * as controllerutil from './controllerutil/index.js';
// the decorators: a controller, its watches and filters, its RBAC, webhooks, modules and injection
// (the rarer ones — the other predicate decorators, `@Channel`, `@Conversion` — are `@operant/core/decorators`)
export {
  Controller,
  DefaultingWebhook,
  GenerationChanged,
  Module,
  // the decorator `@Predicate(...)`, and the filter contract it takes
  Predicate,
  Rbac,
  Reconcile,
  ValidatingWebhook,
  Watches,
} from './decorators/index.js';
// starting an application, and what its controllers inject
export {
  CLIENT,
  EVENT_RECORDER,
  Inject,
  Injectable,
  LOGGER,
  MANAGER,
  OperantFactory,
  type Operator,
} from './di/index.js';
export type { EventRecorder } from './events/index.js';
export { type Manager, managerOptionsFromFlags, runOperator } from './manager/index.js';
export * as predicate from './predicate/index.js';
