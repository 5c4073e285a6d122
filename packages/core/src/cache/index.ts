/**
 * The cache: shared informers that keep a local, frozen copy of the cluster current.
 *
 * - `Cache`: one informer per kind, per-kind scoping (`byObject`), `indexField`,
 *   `waitForCacheSync`, `getInformer`, `removeInformer`, `setShardScope`, `health()`; a `CacheReader` for the client.
 * - `Informer` / `ResourceEventHandler`: add/update/delete fan-out with tombstones.
 * - `Reflector`: the list/watch loop (paging, bookmarks, resume, 410 relist, backoff).
 * - Transforms: `stripManagedFields` (on by default), user transforms, `deepFreeze`.
 * @module cache
 */
export { type ByObject, Cache, type CacheOptions } from './cache.js';
export { type Informer, type InformerHealth, type InformerScope, SharedIndexInformer } from './informer.js';
export {
  Reflector,
  type ReflectorHealth,
  type ReflectorOptions,
  type ReflectorScope,
  type ReflectorSink,
} from './reflector.js';
export type { HandlerRegistration, ResourceEventHandler } from './resource-event-handler.js';
export type { ShardScope } from './shard-scope.js';
export { type IndexExtractor, Store } from './store.js';
export { composeTransforms, deepFreeze, stripManagedFields, type TransformFunc } from './transform.js';
