/**
 * The workqueue between event handlers and reconcile workers: dedup by key, one run per key
 * at a time, per-key backoff and an overall rate limit, delayed adds, draining shutdown.
 *
 * - `Workqueue`: the queue (client-go's rate-limiting, delaying FIFO in one structure).
 * - `defaultControllerRateLimiter()`, `itemExponentialFailureRateLimiter()`,
 *   `bucketRateLimiter()`, `maxOfRateLimiter()`: retry delays.
 * - `FakeClock`: deterministic time for tests of anything built on the queue.
 * @module workqueue
 */
export { type Clock, FakeClock, realClock, type Timer } from './clock.js';
export { Workqueue, type WorkqueueMetrics, type WorkqueueOptions } from './queue.js';
export {
  bucketRateLimiter,
  defaultControllerRateLimiter,
  itemExponentialFailureRateLimiter,
  maxOfRateLimiter,
  type RateLimiter,
} from './rate-limiter.js';
