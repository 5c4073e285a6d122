/**
 * A Controller: sources feed a workqueue of request keys; `maxConcurrentReconciles`
 * workers take keys and call the Reconciler, one run per key at a time.
 *
 * Outcomes (controller-runtime's table): a throw → `addRateLimited` (per-key backoff); a
 * `TerminalError` → not requeued, counted apart; `requeueAfter` → `forget` then `addAfter`;
 * `requeue: true` → `addRateLimited`; success → `forget`. User code never reaches the
 * process: throws and rejections take this path and become one log line.
 *
 * Read your own writes (`readYourWrites`, default true): each reconcile runs on behalf of
 * its controller (write-origin.ts), so the manager's client hands the controller's writes
 * to the cache and its cached reads never go back behind them, and the watch event whose
 * resourceVersion is exactly the one the controller's own status write returned is not
 * enqueued again. That event carries nothing but that write: every other write to the
 * object, by anyone, has its own resourceVersion and its own event, which enqueues as
 * usual, and a relist's difference (which may fold several writes into one) is never
 * taken for an echo; so the controller stays level-triggered. `false` restores
 * controller-runtime's behaviour (store-only reads, every event enqueues).
 *
 * Timeouts (`reconcileTimeoutMs`, off by default as in controller-runtime): the reconcile's
 * signal aborts; if the reconcile ignores it for `reconcileTimeoutGraceMs` more, its worker
 * is released for other keys and the run is counted as an error and abandoned, but its key
 * stays in flight (the queue never hands it out) until the run settles; then it is requeued
 * with backoff. controller-runtime only cancels the context, so a reconcile that ignores it
 * holds its worker for good.
 *
 * `start(signal)` starts the sources, waits for their caches (`cacheSyncTimeoutMs`), runs
 * the workers, and on abort stops handing out keys and lets in-flight reconciles (abandoned
 * ones too) finish for up to `gracefulShutdownTimeoutMs` before aborting their signals and
 * returning.
 * @module
 */
import { OperantError } from '@operant/crd/metadata';
import type { RequestQueue } from '../api/event-handler.js';
import { type Logger, noopLogger } from '../api/logger.js';
import type { ReconcileContext, Reconciler } from '../api/reconciler.js';
import { type Request, requestFromKey, requestKey } from '../api/request.js';
import type { Result } from '../api/result.js';
import type { LeaderElectionRunnable, Runnable } from '../api/runnable.js';
import type { Source } from '../api/source.js';
import { isTerminalError } from '../api/terminal-error.js';
import { ClientError } from '../client/errors.js';
import { runForController, type WriteOrigin } from '../client/write-origin.js';
import type { WorkqueueMetrics } from '../workqueue/queue.js';
import { Workqueue } from '../workqueue/queue.js';
import type { RateLimiter } from '../workqueue/rate-limiter.js';
import type { ControllerMetrics, ReconcileOutcome } from './metrics.js';
import { type Settled, settle, within } from './settle.js';

export interface ControllerOptions {
  /** Concurrent reconciles (of different keys). Default 1. */
  maxConcurrentReconciles?: number;
  /**
   * Aborts a reconcile's signal after this many ms (controller-runtime's
   * `ReconciliationTimeout`). Default: none, or the manager's `reconcileTimeoutMs`.
   */
  reconcileTimeoutMs?: number;
  /**
   * How long a reconcile may run on after `reconcileTimeoutMs` before its worker is released:
   * the run is then counted as an error and abandoned (`operant_reconcile_abandoned`); its key
   * stays in flight until it settles, then is requeued with backoff. Default 5 s.
   */
  reconcileTimeoutGraceMs?: number;
  /** Default: 5 ms…1000 s per key and 10 qps / burst 100 overall. */
  rateLimiter?: RateLimiter<string>;
  /** How long sources may take to sync before start fails. Default 2 min. */
  cacheSyncTimeoutMs?: number;
  /** How long in-flight reconciles may run on after stop. Default 30 s. */
  gracefulShutdownTimeoutMs?: number;
  /**
   * Reads after this controller's writes see at least what the writes returned, and the
   * watch event that only echoes its own status write does not reconcile again. Default true.
   */
  readYourWrites?: boolean;
  /** Whether the controller waits for leadership. Default true. */
  needLeaderElection?: boolean;
  /** The kind reconciled, for the `controllerKind` log key. */
  kind?: string;
  logger?: Logger;
  metrics?: ControllerMetrics;
  workqueueMetrics?: WorkqueueMetrics;
  /**
   * The wire of the controller's client: keys whose reconcile failed on it (a
   * `ClientError('transport')`: the API server was down) are retried, with their backoff
   * forgotten, as soon as it answers again, instead of waiting out a backoff the outage grew.
   */
  connectivity?: { onReachable(observer: () => void): () => void };
}

export class ControllerError extends OperantError {
  constructor(message: string, options?: ErrorOptions) {
    super('Failed', message, options);
    this.name = 'ControllerError';
  }
}

export class Controller implements Runnable, LeaderElectionRunnable {
  readonly queue: Workqueue<string>;
  private readonly sources: Source[] = [];
  private readonly log: Logger;
  private readonly workers: number;
  private running: { signal: AbortSignal; requests: RequestQueue } | undefined;
  private readonly hardStop = new AbortController();
  private active = 0;
  /** Reconciles abandoned after their timeout and grace that have not settled yet. */
  private abandoned = 0;
  /** Keys whose last reconcile failed on the wire. */
  private readonly outageKeys = new Set<string>();
  private readonly origin: WriteOrigin;

  constructor(
    readonly name: string,
    private readonly reconciler: Reconciler,
    private readonly options: ControllerOptions = {},
  ) {
    this.workers = options.maxConcurrentReconciles ?? 1;
    if (!Number.isInteger(this.workers) || this.workers < 1) {
      throw new ControllerError(
        `unable to create controller ${name}: maxConcurrentReconciles must be a positive integer`,
      );
    }
    const { reconcileTimeoutMs: timeout, reconcileTimeoutGraceMs: grace } = options;
    if ((timeout !== undefined && !(timeout > 0)) || (grace !== undefined && !(grace >= 0))) {
      throw new ControllerError(
        `unable to create controller ${name}: reconcileTimeoutMs must be positive and reconcileTimeoutGraceMs not negative`,
      );
    }
    this.origin = { controller: name, readYourWrites: options.readYourWrites ?? true };
    this.queue = new Workqueue({ name, rateLimiter: options.rateLimiter, metrics: options.workqueueMetrics });
    this.log = (options.logger ?? noopLogger).child({ controller: name, controllerKind: options.kind });
  }

  needsLeaderElection(): boolean {
    return this.options.needLeaderElection ?? true;
  }

  /** Adds a source; before start it is started with the others, after start at once. */
  async watch(source: Source): Promise<void> {
    this.sources.push(source);
    if (this.running !== undefined) await source.start(this.running.signal, this.running.requests, this.log);
  }

  async start(signal: AbortSignal): Promise<void> {
    if (this.running !== undefined)
      throw new ControllerError(`unable to start controller ${this.name}: already started`);
    const queue = this.queue;
    const requests: RequestQueue = {
      add: (r) => queue.add(requestKey(r)),
      addAfter: (r, ms) => queue.addAfter(requestKey(r), ms),
      addRateLimited: (r) => queue.addRateLimited(requestKey(r)),
      echoesOf: this.origin.readYourWrites ? this.name : undefined,
    };
    this.running = { signal, requests };
    const unsubscribe = this.options.connectivity?.onReachable(() => {
      for (const key of this.outageKeys) {
        queue.forget(key);
        queue.add(key);
      }
      this.outageKeys.clear();
    });
    try {
      this.log.info('starting event sources', { sources: this.sources.map(String) });
      for (const source of this.sources) await source.start(signal, requests, this.log);
      await this.waitForSources(signal);
      if (signal.aborted) return;
      this.log.info('starting workers', { workerCount: this.workers });
      this.options.metrics?.maxConcurrentReconciles?.(this.name, this.workers);
      const workers = Array.from({ length: this.workers }, () => this.worker());
      await new Promise<void>((resolve) => {
        if (signal.aborted) resolve();
        else signal.addEventListener('abort', () => resolve(), { once: true });
      });
      this.log.info('shutdown signal received, waiting for reconciles to finish');
      await this.drain(workers);
      this.log.info('all workers finished');
    } finally {
      unsubscribe?.();
      queue.shutDown();
    }
  }

  private async waitForSources(signal: AbortSignal): Promise<void> {
    const timeoutMs = this.options.cacheSyncTimeoutMs ?? 120_000;
    const waitSignal = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
    for (const source of this.sources) {
      if (source.waitForSync === undefined) continue;
      try {
        await source.waitForSync(waitSignal);
      } catch (err) {
        if (signal.aborted) return;
        throw new ControllerError(
          `unable to start controller ${this.name}: timed out after ${timeoutMs} ms waiting for ${source} to sync`,
          { cause: err },
        );
      }
    }
  }

  private async drain(workers: Promise<void>[]): Promise<void> {
    const drained = this.queue.shutDownWithDrain();
    const timeoutMs = this.options.gracefulShutdownTimeoutMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMs);
    });
    const late = await Promise.race([drained.then(() => false), timedOut]);
    clearTimeout(timer);
    if (late) {
      this.log.error('reconciles still running after the graceful shutdown timeout; aborting them', {
        timeoutMs,
        inFlight: this.queue.processingLen(),
        abandoned: this.abandoned,
      });
      this.hardStop.abort(new ControllerError(`controller ${this.name} stopped`));
      return;
    }
    await Promise.all(workers);
  }

  private async worker(): Promise<void> {
    for (;;) {
      const key = await this.queue.get();
      if (key === undefined) return;
      this.active++;
      this.options.metrics?.activeWorkers?.(this.name, this.active);
      let abandoned = false;
      try {
        abandoned = await this.reconcileKey(key);
      } finally {
        this.active--;
        this.options.metrics?.activeWorkers?.(this.name, this.active);
        // an abandoned key stays in flight: `abandon` marks it done when its run settles
        if (!abandoned) this.queue.done(key);
      }
    }
  }

  /** Runs one reconcile of `key`; true when it was abandoned (still running, its key still in flight). */
  private async reconcileKey(key: string): Promise<boolean> {
    const request: Request = requestFromKey(key);
    const reconcileID = process.getBuiltinModule('node:crypto').randomUUID();
    const log = this.log.child({ namespace: request.namespace, name: request.name, reconcileID });
    const timeoutMs = this.options.reconcileTimeoutMs;
    const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
    // a signal of its own per run (listeners a reconcile leaves on it go with it)
    const signal = AbortSignal.any(timeout === undefined ? [this.hardStop.signal] : [this.hardStop.signal, timeout]);
    const context: ReconcileContext = { signal, log, reconcileID };
    const started = performance.now();
    this.outageKeys.delete(key);
    const run = settle(async (): Promise<Result> => {
      const result = await runForController(this.origin, () => this.reconciler.reconcile(request, context));
      return result ?? {};
    });
    const graceMs = this.options.reconcileTimeoutGraceMs ?? 5_000;
    const settled = timeoutMs === undefined ? await run : await within(run, timeoutMs + graceMs);
    if (timeout?.aborted) this.options.metrics?.timedOut?.(this.name);
    const report =
      settled === undefined
        ? this.abandon(key, run, log, `timed out after ${timeoutMs} ms and did not return within ${graceMs} ms more`)
        : this.finish(key, settled, log);
    const seconds = (performance.now() - started) / 1000;
    this.options.metrics?.reconciled?.(this.name, report.outcome, seconds, report.terminal, report.panic);
    return settled === undefined;
  }

  /** Applies controller-runtime's outcome table to a settled run. */
  private finish(key: string, settled: Settled<Result>, log: Logger): Report {
    if (settled.ok) {
      const result = settled.value;
      if (result.requeueAfter !== undefined && result.requeueAfter > 0) {
        this.queue.forget(key);
        this.queue.addAfter(key, result.requeueAfter);
        return { outcome: 'requeue_after', terminal: false, panic: false };
      }
      if (result.requeue) {
        this.queue.addRateLimited(key);
        return { outcome: 'requeue', terminal: false, panic: false };
      }
      this.queue.forget(key);
      return { outcome: 'success', terminal: false, panic: false };
    }
    const err = settled.error;
    const panic =
      err instanceof TypeError ||
      err instanceof ReferenceError ||
      err instanceof RangeError ||
      err instanceof SyntaxError;
    if (isTerminalError(err)) {
      this.queue.forget(key);
      log.error('reconciler returned a terminal error; not requeueing', { error: err });
      return { outcome: 'error', terminal: true, panic };
    }
    this.queue.addRateLimited(key);
    if (ClientError.is(err, 'transport')) this.outageKeys.add(key);
    log.error('reconciler error', { error: err, requeues: this.queue.numRequeues(key) });
    return { outcome: 'error', terminal: false, panic };
  }

  /**
   * Gives up waiting for a run past its timeout and grace: the worker moves on, the key stays
   * in flight (never reconciled twice at once) until the run settles, then it is requeued
   * with backoff, whatever the run returned, and marked done.
   */
  private abandon(key: string, run: Promise<unknown>, log: Logger, why: string): Report {
    this.abandoned++;
    this.options.metrics?.abandoned?.(this.name, this.abandoned);
    log.error(`reconciler ${why}; releasing its worker, the key is retried with backoff once it settles`, {
      error: new ControllerError(`unable to reconcile ${this.options.kind ?? 'object'} ${key}: ${why}`),
    });
    void run.then(() => {
      this.abandoned--;
      this.options.metrics?.abandoned?.(this.name, this.abandoned);
      this.queue.addRateLimited(key);
      this.queue.done(key);
    });
    return { outcome: 'error', terminal: false, panic: false };
  }
}

interface Report {
  outcome: ReconcileOutcome;
  terminal: boolean;
  panic: boolean;
}
