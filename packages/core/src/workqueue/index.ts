/**
 * The workqueue between event handlers and reconcile workers: dedup by key, one run per key
 * at a time, per-key backoff and an overall rate limit, delayed adds, draining shutdown.
 *
 * - `Workqueue`: the queue (client-go's rate-limiting, delaying FIFO in one structure).
 * - `defaultControllerRateLimiter()`, `itemExponentialFailureRateLimiter()`,
 *   `bucketRateLimiter()`, `maxOfRateLimiter()`: retry delays.
 * - `Clock`, `realClock`: time as a dependency (tests pass `FakeClock` from `@operant/testing/fake`).
 * @module workqueue
 */
export { type Clock, realClock, type Timer } from './clock.js';
export { Workqueue, type WorkqueueMetrics, type WorkqueueOptions } from './queue.js';
export {
  bucketRateLimiter,
  defaultControllerRateLimiter,
  itemExponentialFailureRateLimiter,
  maxOfRateLimiter,
  type RateLimiter,
} from './rate-limiter.js';
