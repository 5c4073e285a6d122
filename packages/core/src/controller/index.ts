/**
 * `Controller`: sources → workqueue → `maxConcurrentReconciles` workers → Reconciler, with
 * controller-runtime's requeue rules. Usually built by `controllerManagedBy(manager)`.
 * @module controller
 */
export { Controller, ControllerError, type ControllerOptions } from './controller.js';
export type { ControllerMetrics, ReconcileOutcome } from './metrics.js';
