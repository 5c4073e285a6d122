/**
 * The workqueue between event handlers and reconcile workers: dedup by key, one run per key
 * at a time, per-key backoff and an overall rate limit, delayed adds, draining shutdown.
 *
 * - `PriorityQueue`: controllers' default queue (controller-runtime's `priorityqueue`): the
 *   same guarantees, handing out the highest priority first (`addWithOptions(key, { priority })`).
 * - `Workqueue`: the plain queue (client-go's rate-limiting, delaying FIFO in one structure).
 * - `defaultControllerRateLimiter()`, `itemExponentialFailureRateLimiter()`,
 *   `bucketRateLimiter()`, `maxOfRateLimiter()`: retry delays (a `RateLimiter`, the
 *   controller option `rateLimiter`).
 * - Each takes a `MonotonicClock` from `@operant/core/clock` (tests pass `FakeClock` from
 *   `@operant/testing/fake`).
 * @module workqueue
 */
export { PriorityQueue } from './priority-queue.js';
export { Workqueue, type WorkqueueOptions } from './queue.js';
export {
  bucketRateLimiter,
  defaultControllerRateLimiter,
  itemExponentialFailureRateLimiter,
  maxOfRateLimiter,
  type RateLimiter,
} from './rate-limiter.js';
