/**
 * Event handlers turn watch events into reconcile requests.
 *
 * - `enqueueRequestForObject()`: reconcile the object that changed (used by `for`).
 * - `enqueueRequestForOwner(owner, { onlyController })`: reconcile its owner (used by `owns`).
 * - `enqueueRequestsFromMapFunc(fn)`: reconcile whatever `fn` returns (used by `@Watches` methods).
 * - `withLowPriorityWhenUnchanged(handler)`: initial-list and unchanged events
 *   at low priority on the priority queue (the three above are wrapped already).
 * - `EventHandler`, `RequestQueue`: the contract, for handlers of one's own.
 * @module handler
 */

export type { EventHandler, RequestQueue } from '../api/event-handler.js';
export { enqueueRequestForObject } from './enqueue-for-object.js';
export { enqueueRequestForOwner } from './enqueue-for-owner.js';
export { enqueueRequestsFromMapFunc } from './enqueue-from-map.js';
export { withLowPriorityWhenUnchanged } from './low-priority.js';
