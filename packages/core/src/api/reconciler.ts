/**
 * The one method a controller's user code implements. It receives a `Request` and a
 * `ReconcileContext` (an AbortSignal for cancellation and timeouts, a logger already
 * carrying `controller`, `namespace`, `name` and `reconcileID`, and the reconcile ID), reads
 * current state, converges it, and returns a `Result` or nothing. It must be idempotent:
 * it may run any number of times for the same state.
 * @module
 */
import type { Logger } from './logger.js';
import type { Request } from './request.js';
import type { Result } from './result.js';

export interface ReconcileContext {
  /** Aborts on shutdown and when the reconcile timeout passes; pass it to client calls. */
  readonly signal: AbortSignal;
  /** A logger with `controller`, `controllerKind`, `namespace`, `name` and `reconcileID`. */
  readonly log: Logger;
  /** Unique per run (a UUID), as controller-runtime's `reconcileID`. */
  readonly reconcileID: string;
}

export interface Reconciler {
  // `void` so that an `async reconcile() {}` that returns nothing satisfies the contract
  // biome-ignore lint/suspicious/noConfusingVoidType: see above
  reconcile(request: Request, context: ReconcileContext): Promise<Result | void>;
}

export type ReconcileFunc = Reconciler['reconcile'];

/** A Reconciler from a function (controller-runtime's `reconcile.Func`). */
export function reconcilerFunc(fn: ReconcileFunc): Reconciler {
  return { reconcile: fn };
}
