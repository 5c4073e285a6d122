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
import type { Clock } from '../../workqueue/clock.js';
import { ClientError } from '../errors.js';

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

/** Wall-clock time whose timers keep the process alive while a request waits (unlike `realClock`'s). */
const requestClock: Clock = {
  now: () => performance.now(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, Math.max(0, ms));
    return { cancel: () => clearTimeout(handle) };
  },
};

/** Go's `rate.Limiter` arithmetic: fractional tokens, refilled lazily on each call. */
class TokenBucket implements RateLimiter {
  private tokens: number;
  private last: number;
  /** When the latest reservation may act (ms, the clock's time). */
  private lastAct: number;

  constructor(
    readonly qps: number,
    private readonly burst: number,
    private readonly clock: Clock,
  ) {
    this.tokens = burst;
    this.last = clock.now();
    this.lastAct = this.last;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + (Math.max(0, now - this.last) * this.qps) / 1000);
    this.last = Math.max(this.last, now);
  }

  tryAccept(): boolean {
    this.refill(this.clock.now());
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  wait(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(aborted());
    const now = this.clock.now();
    this.refill(now);
    this.tokens -= 1;
    const delay = this.tokens >= 0 ? 0 : (-this.tokens / this.qps) * 1000;
    const at = now + delay;
    this.lastAct = Math.max(this.lastAct, at);
    if (delay === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        timer.cancel();
        this.cancel(at);
        reject(aborted());
      };
      const timer = this.clock.setTimer(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, delay);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Go's `Reservation.Cancel`: gives back the token minus those reserved after it. */
  private cancel(at: number): void {
    const now = this.clock.now();
    if (at <= now) return;
    const reservedAfter = ((this.lastAct - at) * this.qps) / 1000;
    const restore = 1 - reservedAfter;
    if (restore <= 0) return;
    this.refill(now);
    this.tokens = Math.min(this.burst, this.tokens + restore);
    const previous = at - 1000 / this.qps;
    if (at === this.lastAct && previous >= now) this.lastAct = previous;
  }
}

/** client-go's `flowcontrol.NewTokenBucketRateLimiter(qps, burst)`. */
export function tokenBucketRateLimiter(qps: number, burst = DEFAULT_BURST, clock: Clock = requestClock): RateLimiter {
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
  return new TokenBucket(qps, burst, clock);
}

function aborted(): ClientError {
  return new ClientError('aborted', 'the request was aborted while waiting for the client rate limiter');
}
