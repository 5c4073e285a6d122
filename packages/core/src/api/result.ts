/**
 * What a reconcile returns: nothing (done), or a request to run again. `requeueAfter`
 * (ms) schedules the key after a delay and resets its backoff; `requeue: true` re-adds it
 * through the rate limiter. A thrown error is retried with backoff and any Result is then
 * ignored (controller-runtime's rules). `priority` sets the priority of the requeue on the
 * priority queue (default: the priority the request was queued at).
 * @module
 */

export interface Result {
  /** Re-add through the rate limiter (per-key backoff). Prefer `requeueAfter`. */
  readonly requeue?: boolean;
  /** Run again after this many milliseconds (the backoff is reset first). */
  readonly requeueAfter?: number;
  /**
   * The priority of the requeue (`requeue` or `requeueAfter`) on the priority queue; higher
   * runs first; default the priority the request was handed out at. Ignored by the plain queue.
   */
  readonly priority?: number;
}

/** Nothing more to do until something changes. */
export const done = (): Result => ({});

/** Run again after `ms` milliseconds (a periodic re-check). */
export const requeueAfter = (ms: number): Result => ({ requeueAfter: ms });

/** Run again soon, with per-key backoff. */
export const requeue = (): Result => ({ requeue: true });
