/**
 * `@operant/core`: the runtime (client, cache, workqueue, controllers, manager) and the
 * decorators that drive it. The package root re-exports the everyday names; folders are
 * also exposed as namespaces (`client.mergeFrom`, `cache.Cache`, `workqueue.Workqueue`).
 * @module
 */
export * from './api/index.js';
export * as cache from './cache/index.js';
export {
  type ByObject,
  Cache,
  type CacheOptions,
  type EventHandler,
  type Informer,
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
export * as resources from './resources/index.js';
export {
  type ObjectClass,
  type ResourceInfo,
  ResourceRegistry,
  type ResourceType,
  resourceType,
} from './resources/index.js';
export * as workqueue from './workqueue/index.js';
export { Workqueue, type WorkqueueOptions } from './workqueue/index.js';
