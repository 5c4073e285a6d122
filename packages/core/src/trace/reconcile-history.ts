/**
 * What a controller remembers of its recent reconciles, for a page, a JSON endpoint or a
 * CLI to show (`Controller.recentReconciles()`): per key, the last `perKey` reconciles
 * (default 5) with their causes, queue wait, duration, result and the writes they made, the
 * causes waiting for the next one, and the last hot loop found; for at most `keys` keys
 * (default 1000; beyond that, the key remembered longest goes first). Bounded: `keys × perKey`
 * records of at most `MAX_CAUSES_PER_KEY` causes each.
 * @module
 */
import { requestFromKey } from '../api/request.js';
import type { Cause } from './cause.js';
import type { CauseLog } from './cause-log.js';
import { type HotLoop, HotLoopWindow } from './hot-loop.js';
import type { WriteRecord } from './own-writes.js';

export const DEFAULT_RECONCILES_PER_KEY = 5;
export const DEFAULT_HISTORY_KEYS = 1000;

export interface ReconcileHistoryOptions {
  /** Reconciles remembered per key. Default 5. */
  perKey?: number;
  /** Keys remembered. Default 1000. */
  keys?: number;
}

/** One reconcile as remembered. */
export interface ReconcileRecord {
  /** The run's reconcileID, when one was made (it was logged or traced). */
  readonly reconcileID?: string;
  /** When the key was handed out (ms since the epoch). */
  readonly startedAt: number;
  /** From the earliest cause to the start. */
  readonly queueWaitMs?: number;
  readonly durationMs: number;
  /** `success`, `error`, `requeue` or `requeue_after`. */
  readonly result: string;
  readonly requeueAfterMs?: number;
  /** The error's message. */
  readonly error?: string;
  readonly causes: readonly Cause[];
  /** Causes dropped beyond `MAX_CAUSES_PER_KEY`. */
  readonly droppedCauses: number;
  /** Causes whose resourceVersion one of the controller's own writes returned. */
  readonly ownWriteCauses: number;
  readonly writes: readonly WriteRecord[];
}

/** The reconciles of one key. */
export interface KeyReconciles {
  readonly namespace: string;
  readonly name: string;
  /** Oldest first. */
  readonly reconciles: readonly ReconcileRecord[];
  /** Causes waiting for the next reconcile. */
  readonly waiting: readonly Cause[];
  readonly hotLoop?: HotLoop;
}

/** What `Controller.recentReconciles()` returns. */
export interface ControllerReconciles {
  readonly controller: string;
  /** The kind it reconciles (the controller option `kind`), when known. */
  readonly kind?: string;
  readonly keys: readonly KeyReconciles[];
}

/** A remembered reconcile; each key reuses its `perKey` records, so remembering allocates nothing new. */
export class RecordSlot implements ReconcileRecord {
  reconcileID: string | undefined = undefined;
  startedAt = 0;
  queueWaitMs: number | undefined = undefined;
  durationMs = 0;
  result = '';
  requeueAfterMs: number | undefined = undefined;
  error: string | undefined = undefined;
  causes: readonly Cause[] = [];
  droppedCauses = 0;
  ownWriteCauses = 0;
  writes: readonly WriteRecord[] = [];
}

/** The memory of one key: a ring of at most `perKey` records, and its hot-loop window. */
export class KeyHistory {
  private readonly slots: RecordSlot[] = [];
  private next = 0;
  readonly window = new HotLoopWindow();

  /** The record to fill for the run that just ended (the oldest one's, once `perKey` are held). */
  slot(perKey: number): RecordSlot {
    if (this.slots.length < perKey) {
      const fresh = new RecordSlot();
      this.slots.push(fresh);
      return fresh;
    }
    const reused = this.slots[this.next] as RecordSlot;
    this.next = (this.next + 1) % this.slots.length;
    return reused;
  }

  /** Copies of the records, oldest first. */
  records(): ReconcileRecord[] {
    const ordered = [...this.slots.slice(this.next), ...this.slots.slice(0, this.next)];
    return ordered.map((slot) => ({ ...slot }));
  }
}

export class ReconcileHistory {
  private readonly keys = new Map<string, KeyHistory>();
  private readonly perKey: number;
  private readonly maxKeys: number;

  constructor(options: ReconcileHistoryOptions = {}) {
    this.perKey = Math.max(1, options.perKey ?? DEFAULT_RECONCILES_PER_KEY);
    this.maxKeys = Math.max(1, options.keys ?? DEFAULT_HISTORY_KEYS);
  }

  /** The memory of `key` (a new key beyond `keys` pushes out the one remembered longest). */
  of(key: string): KeyHistory {
    let held = this.keys.get(key);
    if (held !== undefined) return held;
    held = new KeyHistory();
    this.keys.set(key, held);
    if (this.keys.size > this.maxKeys) this.keys.delete(this.keys.keys().next().value as string);
    return held;
  }

  /** The record to fill for the run of `history`'s key that just ended. */
  slot(history: KeyHistory): RecordSlot {
    return history.slot(this.perKey);
  }

  /** A snapshot, plain data: the keys remembered or waiting (`key`: only that one). */
  snapshot(controller: string, waiting: CauseLog | undefined, key?: string): ControllerReconciles {
    const names = key !== undefined ? [key] : new Set([...this.keys.keys(), ...(waiting?.keys() ?? [])]);
    const keys: KeyReconciles[] = [];
    for (const k of names) {
      const held = this.keys.get(k);
      const causes = waiting?.peek(k) ?? [];
      if (held === undefined && causes.length === 0) continue;
      keys.push({
        ...requestFromKey(k),
        reconciles: held?.records() ?? [],
        waiting: causes,
        ...(held?.window.found === undefined ? {} : { hotLoop: held.window.found }),
      });
    }
    return { controller, keys };
  }
}
