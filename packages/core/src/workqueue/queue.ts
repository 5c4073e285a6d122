/**
 * The controller workqueue, with client-go's semantics in one allocation-light structure:
 *
 * - a key added while it waits is not queued twice (`dirty`);
 * - a key being processed is never handed out again until `done`; if it was added meanwhile
 *   it is queued once more on `done` (`processing`), so every add is followed by a run;
 * - `addAfter` keeps one timer for the earliest delayed key (a heap, not a timer per key);
 * - `addRateLimited` delays by the rate limiter; `forget` resets the key's backoff;
 * - `shutDown` stops handing out keys at once; `shutDownWithDrain` also waits until every
 *   key handed out has been marked `done`.
 * @module
 */
import { type MonotonicClock, monotonicClock } from '../clock/index.js';
import { DelayedAdds } from './delayed-adds.js';
import { QueueLifecycle } from './lifecycle.js';
import { defaultControllerRateLimiter, type RateLimiter } from './rate-limiter.js';

/** Hooks for workqueue metrics (`controller/workqueue-metrics.ts` implements them with controller-runtime's names). */
export interface WorkqueueMetrics {
  /** The queue's length changed (the priority queue: the length of one priority level). */
  depth?(length: number, priority?: number): void;
  /** A key was added (`adds_total`). */
  added?(): void;
  /** A key was handed out after waiting `queuedMs` since it was queued. */
  started?(queuedMs: number): void;
  /** A key was marked done after `workMs` of processing. */
  finished?(workMs: number): void;
  /** A key was re-added through the rate limiter (`retries_total`). */
  retried?(): void;
  /** Given once: how long (ms) each handed-out key has been processed so far, read at scrape time. */
  inFlight?(ages: () => number[]): void;
}

export interface WorkqueueOptions<K> {
  /** Used in logs and metrics. */
  name?: string;
  /** Defaults to `defaultControllerRateLimiter()`: 5 ms…1000 s per key, 10 qps / burst 100 overall. */
  rateLimiter?: RateLimiter<K>;
  /** Defaults to `monotonicClock`; tests pass `FakeClock` from `@operant/testing/fake`. */
  clock?: MonotonicClock;
  metrics?: WorkqueueMetrics;
}

const COMPACT_AT = 1024;

export class Workqueue<K = string> extends QueueLifecycle<K> {
  readonly name: string;
  private readonly clock: MonotonicClock;
  private readonly rateLimiter: RateLimiter<K>;
  private readonly metrics: WorkqueueMetrics | undefined;

  private fifo: K[] = [];
  private head = 0;
  private readonly dirty = new Set<K>();
  private readonly processing = new Set<K>();
  private readonly delayed: DelayedAdds<K>;
  /** When each queued key was queued, and when each handed-out key started; kept only with metrics. */
  private readonly since = new Map<K, number>();

  constructor(options: WorkqueueOptions<K> = {}) {
    super();
    this.name = options.name ?? 'workqueue';
    this.clock = options.clock ?? monotonicClock;
    this.rateLimiter = options.rateLimiter ?? defaultControllerRateLimiter<K>(this.clock);
    this.metrics = options.metrics;
    this.delayed = new DelayedAdds(this.clock, (key) => this.add(key));
    this.metrics?.depth?.(0);
    this.metrics?.inFlight?.(() => {
      const now = this.clock.now();
      return [...this.processing].map((key) => now - (this.since.get(key) ?? now));
    });
  }

  /** Keys waiting to be handed out (not counting delayed or in-process keys). */
  len(): number {
    return this.fifo.length - this.head;
  }

  /** Keys waiting for a delayed add. */
  delayedLen(): number {
    return this.delayed.size;
  }

  /** Keys handed out and not yet `done`. */
  processingLen(): number {
    return this.processing.size;
  }

  /** Queues `key` unless it is already waiting; ignored once shut down. */
  add(key: K): void {
    if (this.stopping || this.dirty.has(key)) return;
    this.dirty.add(key);
    this.metrics?.added?.();
    if (this.processing.has(key)) return; // queued again by done()
    this.enqueue(key);
  }

  /** Queues `key` after `delayMs`; a key already waiting longer is moved up, never delayed further. */
  addAfter(key: K, delayMs: number): void {
    if (this.stopping) return;
    if (!(delayMs > 0)) {
      this.add(key);
      return;
    }
    this.delayed.push(key, delayMs);
  }

  /** Queues `key` after the rate limiter's delay for it (one more failure recorded). */
  addRateLimited(key: K): void {
    if (this.stopping) return;
    this.metrics?.retried?.();
    this.addAfter(key, this.rateLimiter.when(key));
  }

  /** Resets the key's backoff (call after a successful run). */
  forget(key: K): void {
    this.rateLimiter.forget(key);
  }

  numRequeues(key: K): number {
    return this.rateLimiter.numRequeues(key);
  }

  /** The next key; waits while the queue is empty; undefined once shut down. */
  get(): Promise<K | undefined> {
    if (this.stopping) return Promise.resolve(undefined);
    if (this.len() > 0) return Promise.resolve(this.handOut(this.dequeue()));
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The next key if one is waiting, without waiting; undefined otherwise. */
  tryGet(): K | undefined {
    if (this.stopping || this.len() === 0) return undefined;
    return this.handOut(this.dequeue());
  }

  /** Marks a handed-out key finished; if it was added meanwhile, it is queued again. */
  done(key: K): void {
    if (!this.processing.delete(key)) return;
    if (this.metrics?.finished !== undefined) {
      this.metrics.finished(this.clock.now() - (this.since.get(key) ?? this.clock.now()));
      this.since.delete(key);
    }
    if (this.dirty.has(key) && !this.stopping) this.enqueue(key);
    this.drainedIfIdle();
  }

  protected dropDelayed(): void {
    this.delayed.clear();
  }

  private enqueue(key: K): void {
    if (this.metrics !== undefined) this.since.set(key, this.clock.now());
    const waiter = this.waiters.shift();
    if (waiter !== undefined) {
      waiter(this.handOut(key));
      return;
    }
    this.fifo.push(key);
    this.metrics?.depth?.(this.len());
  }

  private dequeue(): K {
    const key = this.fifo[this.head] as K;
    this.head++;
    if (this.head >= COMPACT_AT && this.head * 2 >= this.fifo.length) {
      this.fifo = this.fifo.slice(this.head);
      this.head = 0;
    }
    this.metrics?.depth?.(this.len());
    return key;
  }

  private handOut(key: K): K {
    this.dirty.delete(key);
    this.processing.add(key);
    if (this.metrics !== undefined) {
      const now = this.clock.now();
      this.metrics.started?.(now - (this.since.get(key) ?? now));
      this.since.set(key, now);
    }
    return key;
  }
}
