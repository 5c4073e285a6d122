/**
 * Hooks through which a controller reports what `reconcile-metrics.ts` registers with
 * controller-runtime's names (`controller_runtime_reconcile_total{controller,result}`,
 * `..._reconcile_errors_total`, `..._terminal_reconcile_errors_total`,
 * `..._reconcile_time_seconds`, `..._active_workers`, `..._max_concurrent_reconciles`,
 * `..._reconcile_timeouts_total`) and Operant's `operant_reconcile_abandoned{controller}`.
 * @module
 */

export type ReconcileOutcome = 'success' | 'error' | 'requeue' | 'requeue_after';

export interface ControllerMetrics {
  /** `panic`: the reconcile threw a programming error (TypeError, ReferenceError, RangeError, SyntaxError). */
  reconciled?(controller: string, outcome: ReconcileOutcome, seconds: number, terminal: boolean, panic: boolean): void;
  activeWorkers?(controller: string, count: number): void;
  maxConcurrentReconciles?(controller: string, count: number): void;
  /** A reconcile's `reconcileTimeoutMs` passed before it returned (whether it returned later or was abandoned). */
  timedOut?(controller: string): void;
  /** How many reconciles are abandoned (past timeout and grace) and not settled yet. */
  abandoned?(controller: string, count: number): void;
}
