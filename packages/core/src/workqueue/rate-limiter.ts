/**
 * How long a key waits before it is retried (client-go's `workqueue.RateLimiter`):
 * `itemExponentialFailureRateLimiter` (per key, base × 2^failures, capped), `bucketRateLimiter`
 * (one token bucket for all keys), `maxOfRateLimiter` (the longest of several), and
 * `defaultControllerRateLimiter()` = exponential 5 ms…1000 s combined with 10 qps / burst 100.
 * @module
 */
import { type MonotonicClock, monotonicClock } from '../clock/index.js';
import { TokenBucket } from './token-bucket.js';

export interface RateLimiter<K = string> {
  /** The delay in ms before `key` may be processed again; records one more failure. */
  when(key: K): number;
  /** Clears the key's failure history (after a success). */
  forget(key: K): void;
  /** How many times the key has been rate limited since its last `forget`. */
  numRequeues(key: K): number;
}

/** Per-key exponential backoff: `baseMs × 2^failures`, at most `maxMs`. */
export function itemExponentialFailureRateLimiter<K = string>(baseMs = 5, maxMs = 1_000_000): RateLimiter<K> {
  const failures = new Map<K, number>();
  return {
    when(key) {
      const exp = failures.get(key) ?? 0;
      failures.set(key, exp + 1);
      const delay = baseMs * 2 ** exp;
      return delay > maxMs || !Number.isFinite(delay) ? maxMs : delay;
    },
    forget: (key) => void failures.delete(key),
    numRequeues: (key) => failures.get(key) ?? 0,
  };
}

/**
 * A token bucket shared by all keys (`qps` tokens per second, at most `burst` stored): each
 * `when` takes a token, and waits for one when the bucket is empty (Go's `rate.Limiter.Reserve`).
 */
export function bucketRateLimiter<K = string>(
  qps = 10,
  burst = 100,
  clock: MonotonicClock = monotonicClock,
): RateLimiter<K> {
  const bucket = new TokenBucket(qps, burst, clock);
  return {
    when: () => bucket.reserve().delayMs,
    forget: () => undefined,
    numRequeues: () => 0,
  };
}

/** The longest delay of several limiters; `forget` forgets in all of them. */
export function maxOfRateLimiter<K = string>(...limiters: RateLimiter<K>[]): RateLimiter<K> {
  return {
    when: (key) => limiters.reduce((longest, limiter) => Math.max(longest, limiter.when(key)), 0),
    forget: (key) => {
      for (const limiter of limiters) limiter.forget(key);
    },
    numRequeues: (key) => limiters.reduce((most, limiter) => Math.max(most, limiter.numRequeues(key)), 0),
  };
}

/** controller-runtime's default: per-key 5 ms…1000 s exponential, and 10 qps with burst 100 overall. */
export function defaultControllerRateLimiter<K = string>(clock: MonotonicClock = monotonicClock): RateLimiter<K> {
  return maxOfRateLimiter<K>(itemExponentialFailureRateLimiter<K>(5, 1_000_000), bucketRateLimiter<K>(10, 100, clock));
}
