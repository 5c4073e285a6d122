/**
 * The options of a controller (`builder.withOptions({...})`, `@Controller({...})`):
 * `maxConcurrentReconciles`, `rateLimiter`, `usePriorityQueue`, `recoverPanic`, … The
 * `Controller` itself (sources → workqueue → `maxConcurrentReconciles` workers → Reconciler,
 * with controller-runtime's requeue rules) is built by `controllerManagedBy(manager)`.
 * @module controller
 */
export type { ControllerOptions } from './controller.js';
