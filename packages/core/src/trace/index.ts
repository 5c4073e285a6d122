/**
 * Why a reconcile ran, and what it did: every enqueue records its cause (the source, the
 * event, the object's resourceVersion and generation, the handler, the predicates passed),
 * merged per key while it waits; each reconcile takes its causes and is remembered with its
 * duration, result and writes (`Controller.recentReconciles()`); a key reconciled again and
 * again because of the controller's own writes is warned about once per window (a hot loop);
 * and, when the application installs an OpenTelemetry SDK, each reconcile is a span linked
 * to its causes, with the client's requests as children.
 *
 * - `Cause`: one recorded cause (its `source` and `origin` typed as `Cause['source']`, `Cause['origin']`).
 * - `ControllerReconciles`, `KeyReconciles`, `ReconcileRecord`, `WriteRecord`, `HotLoop`:
 *   what `Controller.recentReconciles()` returns.
 * - `HotLoopOptions`, `ReconcileHistoryOptions`: the controller options `hotLoop` and
 *   `reconcileHistory`.
 * - `ReconcileHistorySource`: what the manager lists on `/debug/reconciles` (a controller,
 *   or a runnable of one's own with a name and `recentReconciles`).
 * - `namedHandler(handler, name)`: names a handler of one's own in causes.
 * - `MAX_CAUSES_PER_KEY`, `TRACER_NAME`.
 * @module trace
 */
export type { Cause } from './cause.js';
export { MAX_CAUSES_PER_KEY } from './cause-log.js';
export { namedHandler } from './handler-name.js';
export type { HotLoop, HotLoopOptions } from './hot-loop.js';
export type { WriteRecord } from './own-writes.js';
export type {
  ControllerReconciles,
  KeyReconciles,
  ReconcileHistoryOptions,
  ReconcileRecord,
} from './reconcile-history.js';
export type { ReconcileHistorySource } from './reconcile-history-source.js';
export { TRACER_NAME } from './spans.js';
