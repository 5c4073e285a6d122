/**
 * The priority queue (controller-runtime's `priorityqueue`, the default queue of every
 * controller since v0.23): the workqueue's guarantees, with a priority on each item.
 *
 * - Ready items are handed out highest priority first and, within a priority, in the order
 *   they became ready (FIFO per priority level).
 * - A key is queued once: adding it again keeps the highest priority asked for (raising it
 *   moves the item to the end of its new level) and the earliest ready time.
 * - One run per key at a time: a key added while it is processed waits, with its place and
 *   priority, until `done`.
 * - `afterMs` and `rateLimited` delay the item (the rate limiter's delay, or the shorter of
 *   both); an item already ready is not delayed by a later delayed add; a delayed item is
 *   readied by a plain add. A delayed item takes its turn when its time comes.
 * - `shutDown` and `shutDownWithDrain` as the workqueue's.
 *
 * Metrics: `depth(n, priority)` per priority level; adds, queue and work durations, retries
 * and in-flight ages as the workqueue reports them.
 * @module
 */
import { type MonotonicClock, monotonicClock } from '../clock/index.js';
import { DelayedAdds } from './delayed-adds.js';
import { QueueLifecycle } from './lifecycle.js';
import type { WorkqueueMetrics, WorkqueueOptions } from './queue.js';
import { itemExponentialFailureRateLimiter, type RateLimiter } from './rate-limiter.js';
import { ReadyHeap } from './ready-heap.js';

/** How an item is added (controller-runtime's `priorityqueue.AddOpts`). */
export interface AddOptions {
  /** Higher values are handed out first. Default 0 (`LOW_PRIORITY` is -100). */
  priority?: number;
  /** Ready after this many ms. */
  afterMs?: number;
  /** Ready after the rate limiter's delay for the key (one more failure recorded). */
  rateLimited?: boolean;
}

/** A key handed out, with the priority it was queued at. */
export interface Prioritized<K> {
  key: K;
  priority: number;
}

interface Item<K> {
  key: K;
  priority: number;
  /** The item's turn within its priority; renewed when it is raised or its delay ends. */
  seq: number;
  /** `waiting`: delayed; `parked`: ready, but its key is being processed; `out`: handed out. */
  state: 'waiting' | 'ready' | 'parked' | 'out';
  /** When it became ready (for `queue_duration`). */
  readySince: number;
}

export class PriorityQueue<K = string> extends QueueLifecycle<Prioritized<K>> {
  readonly name: string;
  private readonly clock: MonotonicClock;
  private readonly rateLimiter: RateLimiter<K>;
  private readonly metrics: WorkqueueMetrics | undefined;

  private readonly items = new Map<K, Item<K>>();
  private readonly ready = new ReadyHeap<Item<K>>((item) => item.state === 'ready');
  private readonly delayed: DelayedAdds<K>;
  private readonly processing = new Map<K, number>();
  private readonly depthByPriority = new Map<number, number>();
  private depth = 0;
  private seq = 0;

  /** The rate limiter defaults to controller-runtime's for this queue: 5 ms…1000 s per key, no overall bucket. */
  constructor(options: WorkqueueOptions<K> = {}) {
    super();
    this.name = options.name ?? 'workqueue';
    this.clock = options.clock ?? monotonicClock;
    this.rateLimiter = options.rateLimiter ?? itemExponentialFailureRateLimiter<K>(5, 1_000_000);
    this.metrics = options.metrics;
    this.delayed = new DelayedAdds(
      this.clock,
      (key) => this.delayEnded(key),
      () => this.dispatch(),
    );
    this.metrics?.depth?.(0, 0);
    this.metrics?.inFlight?.(() => {
      const now = this.clock.now();
      return [...this.processing.values()].map((started) => now - started);
    });
  }

  /** Items ready to be handed out (including those waiting for their key's run to finish). */
  len(): number {
    return this.depth;
  }

  /** Items waiting for a delayed add. */
  delayedLen(): number {
    return this.delayed.size;
  }

  /** Keys handed out and not yet `done`. */
  processingLen(): number {
    return this.processing.size;
  }

  add(key: K): void {
    this.addWithOptions(key, {});
  }

  addAfter(key: K, delayMs: number): void {
    this.addWithOptions(key, { afterMs: delayMs });
  }

  addRateLimited(key: K): void {
    this.addWithOptions(key, { rateLimited: true });
  }

  /** Queues `key` with a priority and an optional delay; ignored once shut down. */
  addWithOptions(key: K, options: AddOptions): void {
    if (this.stopping) return;
    let after = options.afterMs ?? 0;
    // controller-runtime: a rate-limited add with a delay too waits the shorter of both
    if (options.rateLimited) {
      this.metrics?.retried?.();
      const limited = this.rateLimiter.when(key);
      if (!(after > 0) || limited < after) after = limited;
    }
    const priority = options.priority ?? 0;
    const afterMs = after > 0 ? after : undefined;
    const item = this.items.get(key);
    if (item === undefined) this.addNew(key, priority, afterMs);
    else this.merge(item, priority, afterMs);
    this.dispatch();
  }

  /** Resets the key's backoff (call after a successful run). */
  forget(key: K): void {
    this.rateLimiter.forget(key);
  }

  numRequeues(key: K): number {
    return this.rateLimiter.numRequeues(key);
  }

  /** The next key; waits while none is ready; undefined once shut down. */
  async get(): Promise<K | undefined> {
    return (await this.getWithPriority())?.key;
  }

  /** The next key and the priority it was queued at; waits while none is ready; undefined once shut down. */
  getWithPriority(): Promise<Prioritized<K> | undefined> {
    if (this.stopping) return Promise.resolve(undefined);
    const next = this.tryGetWithPriority();
    if (next !== undefined) return Promise.resolve(next);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The next key if one is ready, without waiting. */
  tryGet(): K | undefined {
    return this.tryGetWithPriority()?.key;
  }

  tryGetWithPriority(): Prioritized<K> | undefined {
    if (this.stopping) return undefined;
    const item = this.ready.pop();
    return item === undefined ? undefined : this.handOut(item);
  }

  /** Marks a handed-out key finished; an item added for it meanwhile becomes available. */
  done(key: K): void {
    const started = this.processing.get(key);
    if (started === undefined) return;
    this.processing.delete(key);
    this.metrics?.finished?.(this.clock.now() - started);
    const parked = this.items.get(key);
    if (parked?.state === 'parked') {
      parked.state = 'ready';
      this.ready.push(parked);
    }
    this.dispatch();
    this.drainedIfIdle();
  }

  protected dropDelayed(): void {
    this.delayed.clear();
  }

  private addNew(key: K, priority: number, afterMs: number | undefined): void {
    const item: Item<K> = { key, priority, seq: this.seq++, state: 'waiting', readySince: 0 };
    this.items.set(key, item);
    if (afterMs === undefined) this.makeReady(item);
    else this.delayed.push(key, afterMs);
  }

  /** controller-runtime's update path: the highest priority, the earliest ready time. */
  private merge(item: Item<K>, priority: number, afterMs: number | undefined): void {
    if (priority > item.priority) {
      if (item.state !== 'waiting') this.countDepth(item.priority, -1);
      item.priority = priority;
      item.seq = this.seq++;
      if (item.state !== 'waiting') this.countDepth(priority, +1);
      if (item.state === 'ready') this.ready.push(item);
    }
    if (item.state !== 'waiting') return;
    if (afterMs === undefined) {
      this.delayed.delete(item.key);
      this.makeReady(item);
    } else this.delayed.push(item.key, afterMs);
  }

  private delayEnded(key: K): void {
    const item = this.items.get(key);
    if (item?.state !== 'waiting') return;
    item.seq = this.seq++; // sorted by when it became ready, not when it was added
    this.makeReady(item);
  }

  private makeReady(item: Item<K>): void {
    item.readySince = this.clock.now();
    this.countDepth(item.priority, +1);
    this.metrics?.added?.();
    if (this.processing.has(item.key)) {
      item.state = 'parked';
      return;
    }
    item.state = 'ready';
    this.ready.push(item);
  }

  private handOut(item: Item<K>): Prioritized<K> {
    item.state = 'out';
    this.items.delete(item.key);
    this.countDepth(item.priority, -1);
    const now = this.clock.now();
    this.processing.set(item.key, now);
    this.metrics?.started?.(now - item.readySince);
    return { key: item.key, priority: item.priority };
  }

  private dispatch(): void {
    while (this.waiters.length > 0) {
      const item = this.ready.pop();
      if (item === undefined) return;
      this.waiters.shift()?.(this.handOut(item));
    }
  }

  private countDepth(priority: number, delta: number): void {
    this.depth += delta;
    const n = (this.depthByPriority.get(priority) ?? 0) + delta;
    this.depthByPriority.set(priority, n);
    this.metrics?.depth?.(n, priority);
  }
}
