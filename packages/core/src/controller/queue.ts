/**
 * The queue a controller runs on: the `PriorityQueue` by default (controller-runtime ≥ 0.23),
 * or, with `usePriorityQueue: false`, the plain `Workqueue` behind the same calls (priorities
 * ignored, every key handed out at priority 0; controller-runtime's `priorityQueueWrapper`).
 * Each queue keeps its own default rate limiter, as controller-runtime's: per-key backoff
 * only on the priority queue, per-key backoff and a 10 qps / burst 100 bucket on the plain one.
 * @module
 */
import { type AddOptions, type Prioritized, PriorityQueue } from '../workqueue/priority-queue.js';
import { Workqueue, type WorkqueueOptions } from '../workqueue/queue.js';

/** What a controller needs of its queue. */
export interface ControllerQueue {
  /** Whether adds keep their priority (the priority queue). */
  readonly prioritized: boolean;
  addWithOptions(key: string, options: AddOptions): void;
  add(key: string): void;
  getWithPriority(): Promise<Prioritized<string> | undefined>;
  /** The next key if one is ready, without waiting (for single-stepping runners such as the reconcile harness). */
  tryGetWithPriority(): Prioritized<string> | undefined;
  done(key: string): void;
  forget(key: string): void;
  numRequeues(key: string): number;
  len(): number;
  delayedLen(): number;
  processingLen(): number;
  /** True once `shutDown` (or `shutDownWithDrain`) was called. */
  readonly shuttingDown: boolean;
  shutDown(): void;
  shutDownWithDrain(): Promise<void>;
}

class PlainQueue extends Workqueue<string> implements ControllerQueue {
  readonly prioritized = false;

  addWithOptions(key: string, options: AddOptions): void {
    if (options.rateLimited) this.addRateLimited(key);
    else if (options.afterMs !== undefined && options.afterMs > 0) this.addAfter(key, options.afterMs);
    else this.add(key);
  }

  async getWithPriority(): Promise<Prioritized<string> | undefined> {
    const key = await this.get();
    return key === undefined ? undefined : { key, priority: 0 };
  }

  tryGetWithPriority(): Prioritized<string> | undefined {
    const key = this.tryGet();
    return key === undefined ? undefined : { key, priority: 0 };
  }
}

class PrioritizedQueue extends PriorityQueue<string> implements ControllerQueue {
  readonly prioritized = true;
}

/** The queue of a controller: the priority queue, or the plain one behind the same calls. */
export function newControllerQueue(usePriorityQueue: boolean, options: WorkqueueOptions<string>): ControllerQueue {
  return usePriorityQueue ? new PrioritizedQueue(options) : new PlainQueue(options);
}
