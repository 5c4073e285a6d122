/**
 * `@operant/core`: the runtime (client, cache, workqueue, controllers, manager) and the
 * decorators that drive it. The package root re-exports the everyday names; folders are
 * also exposed as namespaces (`client.mergeFrom`, `cache.Cache`, `workqueue.Workqueue`).
 * @module
 */

// the error base every package shares (it lives in @operant/crd, which every package depends on)
export { isOperantError, OperantError, type OperantErrorReason } from '@operant/crd/metadata';
export * from './api/index.js';
export * as builder from './builder/index.js';
export { BuilderError, controllerManagedBy, webhookManagedBy } from './builder/index.js';
export * as cache from './cache/index.js';
export {
  type ByObject,
  Cache,
  type CacheOptions,
  type Informer,
  type ResourceEventHandler,
} from './cache/index.js';
export * as client from './client/index.js';
export {
  ApiClient,
  type Client,
  ClientError,
  type ClientErrorKind,
  ignoreAlreadyExists,
  ignoreNotFound,
  isAlreadyExists,
  isConflict,
  isForbidden,
  isGone,
  isInvalid,
  isNotCached,
  isNotFound,
  isTimeout,
  isUnknownKind,
  jsonPatch,
  mergeFrom,
  mergePatch,
  newClient,
  strategicMergePatch,
} from './client/index.js';
// the runtime class is `controller.Controller`; at the root, `Controller` is the decorator
export type { ControllerOptions } from './controller/index.js';
export * as controller from './controller/index.js';
export * as controllerutil from './controllerutil/index.js';
export * from './decorators/index.js';
// the decorator module's Predicate is both the decorator and the contract type
export { Predicate } from './decorators/index.js';
export * as di from './di/index.js';
export {
  CLIENT,
  createOperator,
  EVENT_RECORDER,
  Inject,
  Injectable,
  LOGGER,
  OPERATOR_OPTIONS,
  Operant,
  Operator,
  type OperatorOptions,
  ScanError,
} from './di/index.js';
export * as events from './events/index.js';
export * as handler from './handler/index.js';
export * as healthz from './healthz/index.js';
export * as leaderelection from './leaderelection/index.js';
export * as log from './log/index.js';
export { newLogger } from './log/index.js';
export * as manager from './manager/index.js';
export {
  Manager,
  type ManagerOptions,
  managerOptionsFromFlags,
  newManager,
  runOperator,
  setupSignalHandler,
} from './manager/index.js';
export * as metrics from './metrics/index.js';
export { Metrics } from './metrics/index.js';
export * as predicate from './predicate/index.js';
export * as resources from './resources/index.js';
export {
  type ObjectClass,
  type ResourceDescriptor,
  type ResourceInfo,
  ResourceRegistry,
  type ResourceType,
  resourceType,
} from './resources/index.js';
// the built-in kind tokens (`Deployment`, `ConfigMap`, …): `owns: [Deployment]`, `client.get(Pod, key)`
export * from './resources/kinds.js';
export * as source from './source/index.js';
export * as webhook from './webhook/index.js';
export {
  type AdmissionContext,
  type Converter,
  type CustomDefaulter,
  type CustomValidator,
  denied,
  invalid,
  WebhookError,
  WebhookServer,
  type WebhookServerOptions,
} from './webhook/index.js';
export * as workqueue from './workqueue/index.js';
export { Workqueue, type WorkqueueOptions } from './workqueue/index.js';
