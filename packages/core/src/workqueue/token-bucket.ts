/**
 * Go's `rate.Limiter` arithmetic, the one token bucket of the workqueue's `bucketRateLimiter`
 * and the client's request limiter (`client/transport/rate-limiter.ts`): fractional tokens,
 * refilled lazily at `qps` per second up to `burst`, the bucket starting full. `reserve`
 * takes a token now (the count may go negative) and says when it may be used; `cancel`
 * gives a reservation back as Go's `Reservation.Cancel` does.
 * @module
 */
import type { MonotonicClock } from '../clock/index.js';

export class TokenBucket {
  private tokens: number;
  private last: number;
  /** When the latest reservation may act (ms, the clock's time). */
  private lastAct: number;

  constructor(
    readonly qps: number,
    readonly burst: number,
    private readonly clock: MonotonicClock,
  ) {
    this.tokens = burst;
    this.last = clock.now();
    this.lastAct = this.last;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + (Math.max(0, now - this.last) * this.qps) / 1000);
    this.last = Math.max(this.last, now);
  }

  /** Takes a token if one is there now. */
  tryTake(): boolean {
    this.refill(this.clock.now());
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Takes a token, available or not: how long to wait for it (ms) and the time it may act. */
  reserve(): { delayMs: number; at: number } {
    const now = this.clock.now();
    this.refill(now);
    this.tokens -= 1;
    const delayMs = this.tokens >= 0 ? 0 : (-this.tokens / this.qps) * 1000;
    const at = now + delayMs;
    this.lastAct = Math.max(this.lastAct, at);
    return { delayMs, at };
  }

  /** Go's `Reservation.Cancel` for the reservation acting at `at`: gives back its token minus those reserved after it. */
  cancel(at: number): void {
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
