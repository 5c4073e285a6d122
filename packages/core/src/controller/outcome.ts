/**
 * The reconcile outcome table: what a finished reconcile means for its key (the queue
 * action), for `controller_runtime_reconcile_total{result}` and its error counters, and for
 * the log. `decideOutcome` is the pure table; `applyOutcome` carries out its queue action and
 * log line. The `Controller` and the reconcile harness (`@operant/testing`) both go through
 * these two, so a unit test on the harness sees the rules production runs on.
 *
 * | the reconcile                       | queue action                             | result          | log                  |
 * | ----------------------------------- | ---------------------------------------- | --------------- | -------------------- |
 * | returned `requeueAfter > 0`         | forget, add after it                     | `requeue_after` | none                 |
 * | returned `requeue: true`            | add rate-limited                         | `requeue`       | none                 |
 * | returned anything else (or nothing) | forget                                   | `success`       | none                 |
 * | threw a `TerminalError` (or a wrap) | forget                                   | `error`, terminal | error              |
 * | threw anything else                 | add rate-limited                         | `error`         | error, with requeues |
 * | ran past its timeout and grace      | none now; add rate-limited once settled  | `error`         | error                |
 *
 * A requeue keeps the priority the key was handed out at unless the Result names one. A throw
 * of a programming error (`TypeError`, `ReferenceError`, `RangeError`, `SyntaxError`) is also
 * counted as a panic. This is controller-runtime's `reconcileHandler`, except that a terminal
 * error also forgets the key's backoff and logs its own message (controller-runtime logs
 * "Reconciler error" and leaves the backoff), and that a reconcile that throws cannot also
 * return a Result, so controller-runtime's warning for both has no row.
 * @module
 */
import type { Logger } from '../api/logger.js';
import type { Result } from '../api/result.js';
import { isTerminalError } from '../api/terminal-error.js';
import type { ReconcileOutcome } from './metrics.js';
import type { ControllerQueue } from './queue.js';

/** How a reconcile ended: it returned, it threw, or it was abandoned past its timeout and grace. */
export type FinishedReconcile =
  | { ok: true; value: Result | undefined }
  | { ok: false; error: unknown }
  | { abandoned: { why: string; error: Error } };

/** What happens to the key now. `retryWhenSettled`: nothing yet; rate-limited once the run settles. */
export type QueueAction =
  | { type: 'forget' }
  | { type: 'addAfter'; afterMs: number; priority: number }
  | { type: 'addRateLimited'; priority: number }
  | { type: 'retryWhenSettled'; priority: number };

/** One log line at error level; `applyOutcome` adds `requeues` when the key was re-added rate-limited. */
export interface OutcomeLog {
  message: string;
  error: unknown;
}

/** The table's answer for one reconcile. */
export interface Outcome {
  action: QueueAction;
  /** The `result` label of `controller_runtime_reconcile_total`. */
  result: ReconcileOutcome;
  /** Counted in `controller_runtime_terminal_reconcile_errors_total`. */
  terminal: boolean;
  /** Counted as a panic (a programming error was thrown). */
  panic: boolean;
  log: OutcomeLog | undefined;
}

/** The table: `priority` is the one the key was handed out at. */
export function decideOutcome(finished: FinishedReconcile, priority: number): Outcome {
  if ('abandoned' in finished) {
    const { why, error } = finished.abandoned;
    const message = `reconciler ${why}; releasing its worker, the key is retried with backoff once it settles`;
    return failure({ type: 'retryWhenSettled', priority }, false, false, { message, error });
  }
  if (!finished.ok) {
    const error = finished.error;
    if (isTerminalError(error)) {
      const log = { message: 'reconciler returned a terminal error; not requeueing', error };
      return failure({ type: 'forget' }, true, isPanic(error), log);
    }
    return failure({ type: 'addRateLimited', priority }, false, isPanic(error), { message: 'reconciler error', error });
  }
  const result: Result = finished.value ?? {};
  const requeuePriority = result.priority ?? priority;
  if (result.requeueAfter !== undefined && result.requeueAfter > 0) {
    return success({ type: 'addAfter', afterMs: result.requeueAfter, priority: requeuePriority }, 'requeue_after');
  }
  if (result.requeue) return success({ type: 'addRateLimited', priority: requeuePriority }, 'requeue');
  return success({ type: 'forget' }, 'success');
}

/** Carries out `outcome`'s queue action on `key` and writes its log line to `log`. */
export function applyOutcome(
  queue: Pick<ControllerQueue, 'forget' | 'addWithOptions' | 'numRequeues'>,
  key: string,
  outcome: Outcome,
  log: Logger,
): void {
  const action = outcome.action;
  if (action.type === 'forget' || action.type === 'addAfter') queue.forget(key);
  if (action.type === 'addAfter') queue.addWithOptions(key, { afterMs: action.afterMs, priority: action.priority });
  if (action.type === 'addRateLimited') queue.addWithOptions(key, { rateLimited: true, priority: action.priority });
  if (outcome.log === undefined) return;
  const requeues = action.type === 'addRateLimited' ? { requeues: queue.numRequeues(key) } : {};
  log.error(outcome.log.message, { error: outcome.log.error, ...requeues });
}

const success = (action: QueueAction, result: ReconcileOutcome): Outcome => ({
  action,
  result,
  terminal: false,
  panic: false,
  log: undefined,
});

const failure = (action: QueueAction, terminal: boolean, panic: boolean, log: OutcomeLog): Outcome => ({
  action,
  result: 'error',
  terminal,
  panic,
  log,
});

const isPanic = (err: unknown): boolean =>
  err instanceof TypeError || err instanceof ReferenceError || err instanceof RangeError || err instanceof SyntaxError;
