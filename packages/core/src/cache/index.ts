/**
 * The cache: shared informers that keep a local, frozen copy of the cluster current.
 *
 * - `Cache` (a manager's is `mgr.cache`): one informer per kind, per-kind scoping (`byObject`,
 *   `ByObject`), `indexField` (an `IndexExtractor`), `waitForCacheSync`, `getInformer`,
 *   `removeInformer`; `CacheOptions` are the manager's `cache` option.
 * - `Informer` / `ResourceEventHandler`: add/update/delete fan-out with tombstones, for
 *   sources of one's own.
 * - `TransformFunc`: what a transform option takes (`stripManagedFields` runs by default).
 * @module cache
 */
export { type ByObject, Cache, type CacheOptions } from './cache.js';
export type { Informer } from './informer.js';
export type { ResourceEventHandler } from './resource-event-handler.js';
export type { IndexExtractor } from './store.js';
export type { TransformFunc } from './transform.js';
