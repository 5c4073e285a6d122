/**
 * What a controller records of why and how its reconciles ran: the causes waiting per key
 * (`CauseLog`), the writes of its reconciles (`OwnWrites`), the recent reconciles per key
 * (`ReconcileHistory`), hot-loop detection, and the reconcile spans. The controller calls
 * `begin` when a key is handed out and `end` when its run is over; everything else is
 * recorded where it happens (sources, handlers, the REST client).
 * @module
 */
import type { Logger } from '../api/logger.js';
import { type Request, requestFromKey } from '../api/request.js';
import { CauseLog, type TakenCauses } from './cause-log.js';
import { changedFields } from './changed-fields.js';
import { DEFAULT_HOT_LOOP, type HotLoopOptions } from './hot-loop.js';
import { OwnWrites, type WriteRecord, type WrittenObject } from './own-writes.js';
import {
  type ControllerReconciles,
  type KeyHistory,
  ReconcileHistory,
  type ReconcileHistoryOptions,
} from './reconcile-history.js';
import { ReconcileSpan } from './spans.js';
import type { TraceMetrics } from './trace-metrics.js';

export interface ControllerTraceOptions {
  hotLoop?: HotLoopOptions | false;
  history?: ReconcileHistoryOptions;
  metrics?: TraceMetrics;
}

/**
 * One reconcile being recorded; it is also the write origin its client calls run under
 * (the controller's name and `readYourWrites`, and `wrote`).
 */
export class ReconcileRun {
  writes: WriteRecord[] | undefined;
  readonly startedAt: number;

  constructor(
    readonly controller: string,
    readonly readYourWrites: boolean,
    readonly key: string,
    readonly taken: TakenCauses,
    readonly span: ReconcileSpan | undefined,
    private readonly own: OwnWrites,
    startedAt: number,
  ) {
    this.startedAt = startedAt;
  }

  wrote(verb: string, obj: WrittenObject): void {
    this.writes ??= [];
    this.writes.push(this.own.wrote(verb, obj));
  }
}

/** How a run ended, for its record and span. */
export interface RunEnd {
  result: string;
  durationMs: number;
  requeueAfterMs: number | undefined;
  error: unknown;
  /** The run's reconcileID if it was made (or `reconcileID()` makes it for the span). */
  reconcileID: () => string;
  madeReconcileID: boolean;
}

const NO_WRITES: readonly WriteRecord[] = [];

export class ControllerTrace {
  readonly causes: CauseLog;
  private readonly own = new OwnWrites();
  private readonly history: ReconcileHistory;
  private readonly spanName: string;

  constructor(
    private readonly controller: string,
    private readonly readYourWrites: boolean,
    private readonly log: Logger,
    private readonly options: ControllerTraceOptions = {},
  ) {
    this.causes = new CauseLog(options.metrics?.predicateDropped);
    this.history = new ReconcileHistory(options.history);
    this.spanName = `reconcile ${controller}`;
  }

  /** `key` was handed out to a reconcile of `request`: it takes its causes. */
  begin(key: string, request: Request): ReconcileRun {
    const now = Date.now();
    const taken = this.causes.take(key, now);
    const span = ReconcileSpan.start(this.spanName, this.controller, request.namespace, request.name, taken.causes);
    return new ReconcileRun(this.controller, this.readYourWrites, key, taken, span, this.own, now);
  }

  end(run: ReconcileRun, how: RunEnd): void {
    const { causes, dropped } = run.taken;
    let ownWriteCauses = 0;
    let earliest = run.startedAt;
    for (const cause of causes) {
      if (this.own.isOwn(cause.resourceVersion)) ownWriteCauses++;
      if (cause.at < earliest) earliest = cause.at;
    }
    const queueWaitMs = causes.length === 0 ? undefined : run.startedAt - earliest;
    const error =
      how.error === undefined ? undefined : how.error instanceof Error ? how.error.message : String(how.error);
    const id = how.madeReconcileID || run.span !== undefined ? how.reconcileID() : undefined;
    const history = this.history.of(run.key);
    // the key's oldest record is reused: remembering a run allocates nothing
    const record = this.history.slot(history);
    record.reconcileID = id;
    record.startedAt = run.startedAt;
    record.queueWaitMs = queueWaitMs;
    record.durationMs = how.durationMs;
    record.result = how.result;
    record.requeueAfterMs = how.requeueAfterMs;
    record.error = error;
    record.causes = causes;
    record.droppedCauses = dropped;
    record.ownWriteCauses = ownWriteCauses;
    record.writes = run.writes ?? NO_WRITES;
    this.checkHotLoop(run, history, ownWriteCauses * 2 > causes.length);
    run.span?.end(
      {
        result: how.result,
        requeue: how.result === 'requeue' || how.result === 'requeue_after',
        requeueAfterMs: how.requeueAfterMs,
        error: how.error,
        queueWaitMs,
      },
      id ?? how.reconcileID(),
    );
  }

  private checkHotLoop(run: ReconcileRun, history: KeyHistory, byOwnWrites: boolean): void {
    const hotLoop = this.options.hotLoop;
    if (hotLoop === false) return;
    const reconciles = hotLoop?.reconciles ?? DEFAULT_HOT_LOOP.reconciles;
    const windowMs = hotLoop?.windowMs ?? DEFAULT_HOT_LOOP.windowMs;
    if (!history.window.observe(run.startedAt, byOwnWrites, reconciles, windowMs)) return;
    const found = history.window.report(this.changedByOwnWrites(run));
    this.options.metrics?.hotLoop();
    const { namespace, name } = requestFromKey(run.key);
    this.log.warn('hot loop: the object is reconciled again and again because of this controller’s own writes', {
      namespace,
      name,
      reconciles: found.reconciles,
      byOwnWrites: found.ownWrites,
      windowSeconds: windowMs / 1000,
      changedFields: found.changedFields,
    });
  }

  /** The fields that changed between the last two versions written of the objects whose events caused `run`. */
  private changedByOwnWrites(run: ReconcileRun): string[] {
    const fields = new Set<string>();
    for (const cause of run.taken.causes) {
      const rv = cause.resourceVersion;
      const versions = rv === undefined ? undefined : this.own.versionsOf(rv);
      if (versions === undefined) continue;
      for (const field of changedFields(versions.previous, versions.last)) fields.add(field);
    }
    return [...fields];
  }

  /** The recent reconciles, plain data (see reconcile-history.ts); `key`: only that one. */
  recentReconciles(key?: string): ControllerReconciles {
    return this.history.snapshot(this.controller, this.causes, key);
  }
}
