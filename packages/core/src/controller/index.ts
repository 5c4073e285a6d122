/**
 * `Controller`: sources → workqueue → `maxConcurrentReconciles` workers → Reconciler, with
 * controller-runtime's requeue rules. Usually built by `controllerManagedBy(manager)`.
 * `newControllerQueue` makes its queue (the priority queue, or the plain one), for runners
 * that step controllers themselves, as the reconcile harness does.
 * @module controller
 */
export { Controller, ControllerError, type ControllerOptions } from './controller.js';
export type { ControllerMetrics, ReconcileOutcome } from './metrics.js';
export { type ControllerQueue, newControllerQueue } from './queue.js';
