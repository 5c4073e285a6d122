/**
 * Client-side rate limits of a `RestClient` (client-go's `util/flowcontrol.RateLimiter`):
 * a request takes a token before it is sent and waits for one when none is left.
 * `tokenBucketRateLimiter(qps, burst)` is client-go's `NewTokenBucketRateLimiter` (Go's
 * `rate.Limiter`): the bucket starts full with `burst` tokens and refills at `qps` per
 * second; an aborted wait gives back its token when no later request reserved after it.
 * Off by default, as in controller-runtime (its `GetConfig` sets `QPS = -1`): the API
 * server's priority and fairness does the limiting.
 * @module
 */

import { ClientError } from '../../api/status-error.js';
import type { MonotonicClock } from '../../clock/index.js';
import { TokenBucket } from '../../workqueue/token-bucket.js';

export interface RateLimiter {
  /** Takes a token if one is available now, without waiting. */
  tryAccept(): boolean;
  /** Waits for a token; rejects with `ClientError('aborted')` (and takes none) if `signal` aborts first. */
  wait(signal?: AbortSignal): Promise<void>;
  /** Tokens per second. */
  readonly qps: number;
}

/** client-go's `rest.DefaultBurst`: the burst of a client that sets `qps` but no `burst`. */
export const DEFAULT_BURST = 10;

/** A monotonic clock whose timers keep the process alive while a request waits (unlike `monotonicClock`'s). */
const requestClock: MonotonicClock = {
  now: () => performance.now(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, Math.max(0, ms));
    return { cancel: () => clearTimeout(handle) };
  },
};

/** A `RateLimiter` on the shared token bucket: a request waits for its reservation, or cancels it on abort. */
class BucketLimiter implements RateLimiter {
  private readonly bucket: TokenBucket;

  constructor(
    readonly qps: number,
    burst: number,
    private readonly clock: MonotonicClock,
  ) {
    this.bucket = new TokenBucket(qps, burst, clock);
  }

  tryAccept(): boolean {
    return this.bucket.tryTake();
  }

  wait(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(aborted());
    const { delayMs, at } = this.bucket.reserve();
    if (delayMs === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        timer.cancel();
        this.bucket.cancel(at);
        reject(aborted());
      };
      const timer = this.clock.setTimer(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, delayMs);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/** client-go's `flowcontrol.NewTokenBucketRateLimiter(qps, burst)`. */
export function tokenBucketRateLimiter(
  qps: number,
  burst = DEFAULT_BURST,
  clock: MonotonicClock = requestClock,
): RateLimiter {
  if (!(qps > 0) || !Number.isFinite(qps)) {
    throw new ClientError(
      'invalidArgument',
      `unable to build a rate limiter: qps must be a positive number, not ${qps}`,
    );
  }
  if (!(burst >= 1) || !Number.isInteger(burst)) {
    throw new ClientError(
      'invalidArgument',
      `unable to build a rate limiter: burst must be a positive integer, not ${burst}`,
    );
  }
  return new BucketLimiter(qps, burst, clock);
}

function aborted(): ClientError {
  return new ClientError('aborted', 'the request was aborted while waiting for the client rate limiter');
}
