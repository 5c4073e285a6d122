/**
 * A Controller: sources feed a workqueue of request keys; `maxConcurrentReconciles`
 * workers take keys and call the Reconciler, one run per key at a time.
 *
 * Outcomes follow controller-runtime's table, kept in outcome.ts (which the reconcile harness
 * shares): a throw → `addRateLimited` (per-key backoff); a `TerminalError` → not requeued,
 * counted apart; `requeueAfter` → `forget` then `addAfter`; `requeue: true` →
 * `addRateLimited`; success → `forget`. User code never reaches the process: throws and
 * rejections take this path and become one log line.
 *
 * The queue is the priority queue (`usePriorityQueue`, default true, as controller-runtime
 * ≥ 0.23): the built-in handlers queue objects of the informer's initial list (and updates
 * that change nothing, resyncs) at `LOW_PRIORITY`, live events at 0, so a fresh change runs
 * before the backlog of a start; a requeue keeps the priority the key was handed out at,
 * unless the Result sets `priority`. `false` runs on the plain FIFO `Workqueue`.
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
 *
 * Warm standby (`enableWarmup`, default true; controller-runtime's `EnableWarmup`, opt-in
 * there): the manager calls `warmup(signal)` before it campaigns for leadership, which starts
 * the sources and waits for them to sync, so a replica that wins starts its workers on a
 * synced cache instead of listing then. Events that arrive before it leads are queued (one
 * key each, deduplicated) and reconciled once the workers start; none are dropped.
 *
 * Causes (`recordCauses`, default false; trace/): every add records why — the source's event
 * with its handler and predicates, a requeue, a retry, a shard hand-off — beside the queue,
 * merged per key while it waits; the reconcile the key is handed to takes them. The
 * controller remembers its recent reconciles per key (`recentReconciles()`), warns once per
 * key and window about a hot loop (`hotLoop`), and, with an OpenTelemetry SDK installed,
 * runs each reconcile in a span linked to its causes.
 * @module
 */
import { OperantError } from '@operant/crd/metadata';
import type { RequestQueue } from '../api/event-handler.js';
import { type Logger, noopLogger } from '../api/logger.js';
import type { Reconciler } from '../api/reconciler.js';
import { type Request, requestFromKey, requestKey } from '../api/request.js';
import type { Result } from '../api/result.js';
import type { LeaderElectionRunnable, Runnable, WarmupRunnable } from '../api/runnable.js';
import type { ShardGate } from '../api/shard-gate.js';
import type { Source } from '../api/source.js';
import { ClientError } from '../api/status-error.js';
import { runForController, type WriteOrigin } from '../client/write-origin.js';
import { LOW_PRIORITY } from '../handler/low-priority.js';
import { CAUSE_LOG } from '../trace/cause-log.js';
import { ControllerTrace, type ReconcileRun } from '../trace/controller-trace.js';
import type { HotLoopOptions } from '../trace/hot-loop.js';
import type { ControllerReconciles, ReconcileHistoryOptions } from '../trace/reconcile-history.js';
import type { ReconcileHistorySource } from '../trace/reconcile-history-source.js';
import { loadTracing } from '../trace/spans.js';
import type { TraceMetrics } from '../trace/trace-metrics.js';
import type { AddOptions } from '../workqueue/priority-queue.js';
import type { WorkqueueMetrics } from '../workqueue/queue.js';
import type { RateLimiter } from '../workqueue/rate-limiter.js';
import type { ControllerMetrics } from './metrics.js';
import { applyOutcome, decideOutcome, type FinishedReconcile, type Outcome } from './outcome.js';
import { type ControllerQueue, newControllerQueue } from './queue.js';
import { RunContext } from './run-context.js';
import { settle, within } from './settle.js';

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
  /**
   * Default: 5 ms…1000 s per key; on the plain queue also 10 qps / burst 100 overall
   * (controller-runtime's defaults for each queue).
   */
  rateLimiter?: RateLimiter<string>;
  /**
   * Run on the priority queue (controller-runtime's `UsePriorityQueue`): initial-list and
   * unchanged events at low priority, live events first. Default: the manager's
   * `usePriorityQueue`, itself default true. `false`: the plain FIFO workqueue.
   */
  usePriorityQueue?: boolean;
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
  /**
   * Start the sources (and so the informers they need) before this replica leads, queueing
   * their events until the workers start, so failover does not wait for a cold list. Costs
   * every standby replica the leader's cache and watches. Default true (controller-runtime:
   * `EnableWarmup`, default false); no effect without `needLeaderElection`.
   */
  enableWarmup?: boolean;
  /**
   * Record why each reconcile ran (its causes), remember the recent reconciles per key
   * (`recentReconciles()`), detect hot loops, and trace reconciles when an OpenTelemetry SDK
   * is installed (docs/observability.md). Default: the manager's `recordCauses` for a
   * controller it builds (true when it serves `/debug/reconciles`), else false.
   */
  recordCauses?: boolean;
  /**
   * Warn (once per key and window, and count in `operant_hot_loops_total`) when a key is
   * reconciled more than `reconciles` times within `windowMs`, mostly because of this
   * controller's own writes. Default `{ reconciles: 10, windowMs: 60_000 }`; false: off.
   */
  hotLoop?: HotLoopOptions | false;
  /** How many reconciles per key, and of how many keys, `recentReconciles()` keeps. Default 5 and 1000. */
  reconcileHistory?: ReconcileHistoryOptions;
  /** Predicate drops and hot loops (`operant_predicate_dropped_events_total`, `operant_hot_loops_total`). */
  traceMetrics?: TraceMetrics;
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
  /**
   * Sharding (docs/sharding.md): every reconcile start is asked of the gate; a key of a range
   * this replica does not hold is forgotten (its holder reconciles it), one it may hold but
   * cannot start now (its Lease not fresh) is retried later, and keys of ranges that become
   * its own are queued. Set by the builder for a sharded controller.
   */
  shard?: ShardGate;
  /**
   * Split this controller's objects between the replicas of the manager's shard group
   * (`ManagerOptions.sharding`, docs/sharding.md): its `For` kind, and its children when they
   * can follow, are cached and reconciled by their range's holder only, on every replica
   * without leader election. Default: true when the manager shards, false otherwise.
   */
  sharded?: boolean;
  /**
   * The finalizer held on a primary while it has external dependents to delete
   * (java-operator-sdk's `finalizerName`): a domain-qualified name, `<domain>/<name>`. Read
   * by the builder; default `operant.dev/dependents` (`DEPENDENTS_FINALIZER`). Two
   * controllers with external dependents of the same kind need two names.
   */
  finalizerName?: string;
}

export class ControllerError extends OperantError {
  constructor(message: string, options?: ErrorOptions) {
    super('Failed', message, options);
    this.name = 'ControllerError';
  }
}

export class Controller implements Runnable, LeaderElectionRunnable, WarmupRunnable, ReconcileHistorySource {
  readonly queue: ControllerQueue;
  private readonly sources: Source[] = [];
  private readonly log: Logger;
  private readonly workers: number;
  private running: { signal: AbortSignal; requests: RequestQueue } | undefined;
  /** The sources' start and sync, once, by `warmup` or `start`. */
  private sourcesReady: Promise<void> | undefined;
  private started = false;
  private readonly hardStop = new AbortController();
  private active = 0;
  /** Reconciles abandoned after their timeout and grace that have not settled yet. */
  private abandoned = 0;
  /** Keys whose last reconcile failed on the wire, with the priority of their retry. */
  private readonly outageKeys = new Map<string, number>();
  private readonly origin: WriteOrigin;
  private readonly trace: ControllerTrace | undefined;

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
    this.queue = newControllerQueue(options.usePriorityQueue ?? true, {
      name,
      rateLimiter: options.rateLimiter,
      metrics: options.workqueueMetrics,
    });
    this.log = (options.logger ?? noopLogger).child({ controller: name, controllerKind: options.kind });
    this.trace =
      (options.recordCauses ?? false)
        ? new ControllerTrace(name, this.origin.readYourWrites, this.log, {
            hotLoop: options.hotLoop,
            history: options.reconcileHistory,
            metrics: options.traceMetrics,
          })
        : undefined;
  }

  /**
   * The recent reconciles per key (or of `key` only): their causes, queue wait, duration,
   * result and writes, the causes waiting, and hot loops found. Plain data, for a page or a
   * CLI; empty with `recordCauses: false`.
   */
  recentReconciles(key?: string): ControllerReconciles {
    const keys = this.trace?.recentReconciles(key).keys ?? [];
    const kind = this.options.kind;
    return kind === undefined ? { controller: this.name, keys } : { controller: this.name, kind, keys };
  }

  /** Whether it records causes (`recordCauses`). */
  get recordsCauses(): boolean {
    return this.trace !== undefined;
  }

  needsLeaderElection(): boolean {
    return this.options.needLeaderElection ?? true;
  }

  /**
   * Starts the sources and waits for them to sync without starting workers (a standby
   * replica's warm-up; see the module header). `signal` must be the one `start` gets.
   */
  async warmup(signal: AbortSignal): Promise<void> {
    if (!(this.options.enableWarmup ?? true) || !this.needsLeaderElection()) return;
    const idle = () => {
      if (!this.started) this.queue.shutDown(); // never led: no workers, nothing to drain
    };
    signal.addEventListener('abort', idle, { once: true });
    if (this.trace !== undefined && !this.started) this.trace.causes.standby = true;
    await this.startSources(signal);
  }

  /** Adds a source; before start (or warmup) it is started with the others, after at once. */
  async watch(source: Source): Promise<void> {
    this.sources.push(source);
    if (this.running !== undefined) await source.start(this.running.signal, this.running.requests, this.log);
  }

  async start(signal: AbortSignal): Promise<void> {
    if (this.started) throw new ControllerError(`unable to start controller ${this.name}: already started`);
    this.started = true;
    const queue = this.queue;
    const causes = this.trace?.causes;
    if (causes !== undefined) causes.standby = false;
    const unsubscribe = this.options.connectivity?.onReachable(() => {
      for (const [key, priority] of this.outageKeys) {
        causes?.requeued(key, 'reconnect');
        queue.forget(key);
        queue.addWithOptions(key, { priority });
      }
      this.outageKeys.clear();
    });
    try {
      await this.startSources(signal);
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

  /** Starts the sources with the queue and waits for them to sync; once, whoever asks first. */
  private startSources(signal: AbortSignal): Promise<void> {
    this.sourcesReady ??= (async () => {
      if (this.trace !== undefined) await loadTracing();
      const queue = this.queue;
      const causes = this.trace?.causes;
      const requests = this.requestQueue();
      this.running = { signal, requests };
      const unbind = this.options.shard?.bind((keys) => {
        for (const key of keys) {
          causes?.requeued(key, 'shard');
          queue.addWithOptions(key, { priority: LOW_PRIORITY });
        }
      });
      if (unbind !== undefined) signal.addEventListener('abort', unbind, { once: true });
      this.log.info('starting event sources', { sources: this.sources.map(String) });
      for (const source of this.sources) await source.start(signal, requests, this.log);
      await this.waitForSources(signal);
    })();
    return this.sourcesReady;
  }

  /** The queue the sources' handlers add to: by request, recording each add's cause. */
  private requestQueue(): RequestQueue {
    const queue = this.queue;
    const echoesOf = this.origin.readYourWrites ? this.name : undefined;
    const causes = this.trace?.causes;
    if (causes === undefined) {
      return {
        add: (r) => queue.add(requestKey(r)),
        addAfter: (r, ms) => queue.addWithOptions(requestKey(r), { afterMs: ms }),
        addRateLimited: (r) => queue.addWithOptions(requestKey(r), { rateLimited: true }),
        addWithOptions: queue.prioritized ? (r, o) => queue.addWithOptions(requestKey(r), o) : undefined,
        echoesOf,
      };
    }
    const add = (r: Request, o: AddOptions): void => {
      const key = requestKey(r);
      causes.added(key);
      queue.addWithOptions(key, o);
    };
    return {
      add: (r) => {
        const key = requestKey(r);
        causes.added(key);
        queue.add(key);
      },
      addAfter: (r, ms) => add(r, { afterMs: ms }),
      addRateLimited: (r) => add(r, { rateLimited: true }),
      addWithOptions: queue.prioritized ? add : undefined,
      echoesOf,
      [CAUSE_LOG]: causes,
    } as RequestQueue;
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
      const next = await this.queue.getWithPriority();
      if (next === undefined) return;
      const { key, priority } = next;
      this.active++;
      this.options.metrics?.activeWorkers?.(this.name, this.active);
      let abandoned = false;
      try {
        abandoned = await this.reconcileKey(key, priority);
      } finally {
        this.active--;
        this.options.metrics?.activeWorkers?.(this.name, this.active);
        // an abandoned key stays in flight: `abandon` marks it done when its run settles
        if (!abandoned) this.queue.done(key);
      }
    }
  }

  /**
   * Runs one reconcile of `key`, handed out at `priority`; true when it was abandoned (still
   * running, its key still in flight).
   */
  private async reconcileKey(key: string, priority: number): Promise<boolean> {
    const admission = this.options.shard?.admit(key);
    if (admission !== undefined && !admission.admit) {
      if (admission.retryAfterMs === undefined) {
        this.trace?.causes.take(key); // its holder reconciles it
        this.queue.forget(key);
      } else {
        this.trace?.causes.requeued(key, 'shard', admission.retryAfterMs);
        this.queue.addWithOptions(key, { afterMs: admission.retryAfterMs, priority });
      }
      return false;
    }
    try {
      return await this.runKey(key, priority, admission?.release);
    } catch (err) {
      admission?.release();
      throw err;
    }
  }

  /** Runs one admitted reconcile; `release` is called once the run has settled. */
  private async runKey(key: string, priority: number, release: (() => void) | undefined): Promise<boolean> {
    const request: Request = requestFromKey(key);
    const timeoutMs = this.options.reconcileTimeoutMs;
    const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
    const traced = this.trace?.begin(key, request);
    const span = traced?.span;
    const context = new RunContext(request, this.log, this.hardStop.signal, timeout, span);
    const started = performance.now();
    this.outageKeys.delete(key);
    const origin: WriteOrigin = traced ?? this.origin;
    const body = async (): Promise<Result> => {
      const result = await runForController(origin, () => this.reconciler.reconcile(request, context));
      return result ?? {};
    };
    const run = settle(span === undefined ? body : () => span.within(body));
    if (release !== undefined) void run.finally(release);
    const graceMs = this.options.reconcileTimeoutGraceMs ?? 5_000;
    const settled = timeoutMs === undefined ? await run : await within(run, timeoutMs + graceMs);
    if (timeout?.aborted) this.options.metrics?.timedOut?.(this.name);
    const finished =
      settled ??
      this.abandon(key, priority, run, `timed out after ${timeoutMs} ms and did not return within ${graceMs} ms more`);
    const outcome = decideOutcome(finished, priority);
    const seconds = (performance.now() - started) / 1000;
    if (traced !== undefined) this.recordEnd(traced, outcome, finished, context, seconds);
    // the run's logger is made only when there is a line to write
    applyOutcome(this.queue, key, outcome, outcome.log === undefined ? noopLogger : context.log);
    if (settled?.ok === false && !outcome.terminal && ClientError.is(settled.error, 'transport')) {
      this.outageKeys.set(key, priority);
    }
    this.options.metrics?.reconciled?.(this.name, outcome.result, seconds, outcome.terminal, outcome.panic);
    return settled === undefined;
  }

  /** Records the end of a traced run, and the cause of the requeue its outcome makes. */
  private recordEnd(
    run: ReconcileRun,
    outcome: Outcome,
    finished: FinishedReconcile,
    context: RunContext,
    seconds: number,
  ): void {
    const action = outcome.action;
    const causes = (this.trace as ControllerTrace).causes;
    if (action.type === 'addAfter') causes.requeued(run.key, 'requeueAfter', action.afterMs);
    if (action.type === 'addRateLimited') causes.requeued(run.key, outcome.result === 'requeue' ? 'requeue' : 'retry');
    (this.trace as ControllerTrace).end(run, {
      result: outcome.result,
      durationMs: seconds * 1000,
      requeueAfterMs: action.type === 'addAfter' ? action.afterMs : undefined,
      error: 'abandoned' in finished ? finished.abandoned.error : finished.ok ? undefined : finished.error,
      reconcileID: () => context.reconcileID,
      madeReconcileID: context.hasReconcileID,
    });
  }

  /**
   * Gives up waiting for a run past its timeout and grace: the worker moves on, the key stays
   * in flight (never reconciled twice at once) until the run settles, then it is requeued
   * with backoff at its priority, whatever the run returned, and marked done (the table's
   * `retryWhenSettled`).
   */
  private abandon(key: string, priority: number, run: Promise<unknown>, why: string): FinishedReconcile {
    this.abandoned++;
    this.options.metrics?.abandoned?.(this.name, this.abandoned);
    void run.then(() => {
      this.abandoned--;
      this.options.metrics?.abandoned?.(this.name, this.abandoned);
      this.trace?.causes.requeued(key, 'retry');
      this.queue.addWithOptions(key, { rateLimited: true, priority });
      this.queue.done(key);
    });
    const error = new ControllerError(`unable to reconcile ${this.options.kind ?? 'object'} ${key}: ${why}`);
    return { abandoned: { why, error } };
  }
}
