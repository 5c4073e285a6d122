/**
 * Event handlers turn watch events into reconcile requests.
 *
 * - `enqueueRequestForObject()`: reconcile the object that changed (used by `for`).
 * - `enqueueRequestForOwner(owner, { onlyController })`: reconcile its owner (used by `owns`).
 * - `enqueueRequestsFromMapFunc(fn)`: reconcile whatever `fn` returns (used by `@Watches` methods).
 * - `withLowPriorityWhenUnchanged(handler)`, `LOW_PRIORITY`: initial-list and unchanged events
 *   at low priority on the priority queue (the three above are wrapped already).
 * @module handler
 */

export type { EventHandler, RequestQueue } from '../api/event-handler.js';
export { enqueueRequestForObject } from './enqueue-for-object.js';
export { enqueueRequestForOwner, type OwnerKind, type OwnerOptions, ownerRequests } from './enqueue-for-owner.js';
export { enqueueRequestsFromMapFunc, type MapFunc } from './enqueue-from-map.js';
export { LOW_PRIORITY, withLowPriorityWhenUnchanged } from './low-priority.js';
