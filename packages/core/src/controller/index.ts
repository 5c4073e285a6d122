/**
 * `Controller`: sources → workqueue → `maxConcurrentReconciles` workers → Reconciler, with
 * controller-runtime's requeue rules. Usually built by `controllerManagedBy(manager)`.
 * `newControllerQueue` makes its queue (the priority queue, or the plain one), for runners
 * that step controllers themselves, as the reconcile harness does; `decideOutcome` and
 * `applyOutcome` are the outcome table such a runner must follow (a settled reconcile → the
 * queue action, the metric's `result` label, the log line), the one the Controller uses.
 * @module controller
 */
export { Controller, ControllerError, type ControllerOptions } from './controller.js';
export type { ControllerMetrics, ReconcileOutcome } from './metrics.js';
export {
  applyOutcome,
  decideOutcome,
  type FinishedReconcile,
  type Outcome,
  type OutcomeLog,
  type QueueAction,
} from './outcome.js';
export { type ControllerQueue, newControllerQueue } from './queue.js';
