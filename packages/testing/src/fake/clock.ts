/**
 * `FakeClock`: a clock that stands still until a test calls `advance(ms)` (client-go's
 * `clock/testing.FakeClock`). It is both of core's clocks at once: a `WallClock` (give it a
 * real start, `new FakeClock(new Date('2026-01-01T00:00:00Z'))`, when the code under test
 * reads dates) and a `MonotonicClock` (timers fire in order as it advances). The reconcile
 * harness runs its queue on one; tests of anything built on core's `Workqueue` or rate
 * limiters pass one as `clock`.
 * @module
 */
import type { MonotonicClock, WallClock } from '@operant/core/clock';

/** What `setTimer` returns: `.cancel()`. */
type Timer = ReturnType<MonotonicClock['setTimer']>;

interface FakeTimer {
  at: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

/** A clock that stands still until `advance(ms)`; timers due by then fire in time order. */
export class FakeClock implements WallClock, MonotonicClock {
  private time: number;
  private seq = 0;
  private timers: FakeTimer[] = [];

  /** `start`: a date, or milliseconds (since the epoch, when read as a wall clock). Default 0. */
  constructor(start: Date | number = 0) {
    this.time = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.time;
  }

  setTimer(fn: () => void, ms: number): Timer {
    const timer: FakeTimer = { at: this.time + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.timers.push(timer);
    return {
      cancel: () => {
        timer.cancelled = true;
      },
    };
  }

  /** Number of timers that have neither fired nor been cancelled. */
  get pendingTimers(): number {
    return this.timers.filter((t) => !t.cancelled).length;
  }

  /** When the earliest pending timer falls due (undefined when none is pending). */
  nextTimerAt(): number | undefined {
    let at: number | undefined;
    for (const t of this.timers) if (!t.cancelled && (at === undefined || t.at < at)) at = t.at;
    return at;
  }

  /** Moves time forward by `ms`, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const target = this.time + ms;
    for (;;) {
      this.timers = this.timers.filter((t) => !t.cancelled);
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers[0];
      if (next === undefined || next.at > target) break;
      this.timers.shift();
      this.time = next.at;
      next.fn();
    }
    this.time = target;
  }
}
