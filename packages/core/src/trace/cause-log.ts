/**
 * The causes of the keys waiting in a controller's queue. The queue stays keyed by the plain
 * `namespace/name`; beside it, each waiting key has its causes here, merged when the queue
 * deduplicates (at most `MAX_CAUSES_PER_KEY` per key, the oldest dropped first and counted),
 * and taken by the reconcile the key is handed to. So the memory is bounded by the keys
 * waiting times `MAX_CAUSES_PER_KEY` small records.
 *
 * A source marks the event it dispatches (`dispatching` … `dispatched`, no allocation); each
 * add its handler makes meanwhile records one `Cause` of that event. A handler that adds
 * after an `await` (an async map function) carries the event over with `capture` and `within`;
 * an add outside any event is a `handler` cause. The controller's queue carries its log under
 * `CAUSE_LOG` (`causeLogOf`), so sources and handlers reach it without a new contract.
 * @module
 */
import { type Cause, type CauseObject, type CauseOrigin, type CauseSource, eventCause } from './cause.js';

/** The most causes kept per waiting key; older ones are dropped and counted. */
export const MAX_CAUSES_PER_KEY = 8;

/** The property of a controller's `RequestQueue` that holds its cause log. */
export const CAUSE_LOG: unique symbol = Symbol.for('@operant/core/cause-log');

/** The causes a reconcile took: at most `MAX_CAUSES_PER_KEY`, and how many were dropped. */
export interface TakenCauses {
  readonly causes: Cause[];
  readonly dropped: number;
}

/** An event being dispatched, carried over an `await` of its handler. */
export interface DispatchedEvent {
  readonly source: CauseSource;
  readonly origin: CauseOrigin;
  readonly event: NonNullable<Cause['event']>;
  readonly object: CauseObject | undefined;
}

class Waiting implements TakenCauses {
  causes: Cause[] = [];
  dropped = 0;
}

const NONE: TakenCauses = { causes: [], dropped: 0 };

export class CauseLog {
  private readonly waiting = new Map<string, Waiting>();
  private source: CauseSource = 'handler';
  private origin: CauseOrigin | undefined;
  private event: DispatchedEvent['event'] = 'generic';
  private object: CauseObject | undefined;

  /** While true (a standby replica warming up), initial-list causes are `warmupList`. */
  standby = false;

  constructor(
    /** The counter increment of events a predicate of a source dropped (trace-metrics.ts). */
    readonly predicateDropped: ((source: string, predicate: string) => () => void) | undefined = undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keys with causes waiting. */
  get size(): number {
    return this.waiting.size;
  }

  /** A source calls its handler for this event now; adds until `dispatched` are its causes. */
  dispatching(
    source: CauseSource,
    origin: CauseOrigin,
    event: DispatchedEvent['event'],
    object: CauseObject | undefined,
  ): void {
    this.source = source === 'initialList' && this.standby ? 'warmupList' : source;
    this.origin = origin;
    this.event = event;
    this.object = object;
  }

  dispatched(): void {
    this.source = 'handler';
    this.origin = undefined;
    this.object = undefined;
  }

  /** The event being dispatched, for a handler that adds after an `await`. */
  capture(): DispatchedEvent | undefined {
    const origin = this.origin;
    return origin === undefined ? undefined : { source: this.source, origin, event: this.event, object: this.object };
  }

  /** Runs `fn` (adds) as if `event` were being dispatched again. */
  within<R>(event: DispatchedEvent | undefined, fn: () => R): R {
    if (event === undefined) return fn();
    this.dispatching(event.source, event.origin, event.event, event.object);
    try {
      return fn();
    } finally {
      this.dispatched();
    }
  }

  /** `key` was added to the queue by a handler: a cause of the event being dispatched. */
  added(key: string): void {
    const origin = this.origin;
    const now = this.now();
    this.push(
      key,
      origin === undefined
        ? { source: 'handler', at: now }
        : eventCause(this.source, origin, this.event, this.object, now),
    );
  }

  /** `key` was added by the controller itself (`requeue`, `requeueAfter`, `retry`, `shard`, `reconnect`). */
  requeued(key: string, source: CauseSource, afterMs?: number): void {
    const now = this.now();
    this.push(key, afterMs === undefined ? { source, at: now } : { source, at: now + afterMs, afterMs });
  }

  private push(key: string, cause: Cause): void {
    let waiting = this.waiting.get(key);
    if (waiting === undefined) {
      waiting = new Waiting();
      this.waiting.set(key, waiting);
    }
    if (waiting.causes.length >= MAX_CAUSES_PER_KEY) {
      waiting.causes.shift();
      waiting.dropped++;
    }
    waiting.causes.push(cause);
  }

  /**
   * The causes of `key` handed to a reconcile now; a delayed requeue not yet due stays
   * waiting for the run it will start.
   */
  take(key: string, now: number = this.now()): TakenCauses {
    const waiting = this.waiting.get(key);
    if (waiting === undefined) return NONE;
    const causes = waiting.causes;
    let later = 0;
    for (let i = 0; i < causes.length; i++) if ((causes[i] as Cause).at > now) later++;
    if (later === 0) {
      this.waiting.delete(key);
      return waiting;
    }
    const taken = { causes: causes.filter((c) => c.at <= now), dropped: waiting.dropped };
    waiting.causes = causes.filter((c) => c.at > now);
    waiting.dropped = 0;
    return taken;
  }

  /** The keys with causes waiting. */
  keys(): IterableIterator<string> {
    return this.waiting.keys();
  }

  /** The causes waiting for `key` (a copy). */
  peek(key: string): Cause[] {
    return [...(this.waiting.get(key)?.causes ?? [])];
  }

  /** Drops every waiting cause (the queue was shut down). */
  clear(): void {
    this.waiting.clear();
  }
}

/** The cause log a controller's queue carries, if any. */
export function causeLogOf(queue: object): CauseLog | undefined {
  return (queue as { [CAUSE_LOG]?: CauseLog })[CAUSE_LOG];
}
