/**
 * Elapsed time, as a dependency: `MonotonicClock.now()` is milliseconds since an arbitrary
 * origin (process start for `monotonicClock`) that never goes back, so only differences
 * mean anything; `setTimer` calls back after a delay. The workqueue, its rate limiters and
 * the client's request limiter run on one: the role of the monotonic reading in Go's
 * `time.Time` and of `k8s.io/utils/clock.Clock`'s timers. Not a date: `new Date(now())` is
 * in 1970 (`WallClock`).
 * @module
 */

export interface Timer {
  cancel(): void;
}

/** Measures durations and arms timers. */
export interface MonotonicClock {
  /** Milliseconds since an arbitrary origin; never decreases; only differences matter. */
  now(): number;
  /** Calls `fn` once, `ms` from now. */
  setTimer(fn: () => void, ms: number): Timer;
}

/** `performance.now()`, with unref'd timers: they never keep the process alive on their own. */
export const monotonicClock: MonotonicClock = {
  now: () => performance.now(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, Math.max(0, ms));
    handle.unref?.();
    return { cancel: () => clearTimeout(handle) };
  },
};
