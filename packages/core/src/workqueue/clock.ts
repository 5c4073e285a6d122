/**
 * Time as a dependency, so that the workqueue's delays and rate limits can be tested
 * without waiting: `realClock` uses `performance.now` and unref'd timers; tests pass
 * `FakeClock` from `@operant/testing/fake`, which moves only when told (client-go's
 * `clock/testing.FakeClock`).
 * @module
 */

export interface Timer {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since an arbitrary origin; only differences matter. */
  now(): number;
  /** Calls `fn` once, `ms` from now. */
  setTimer(fn: () => void, ms: number): Timer;
}

/** Wall-clock time; its timers never keep the process alive on their own. */
export const realClock: Clock = {
  now: () => performance.now(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, Math.max(0, ms));
    handle.unref?.();
    return { cancel: () => clearTimeout(handle) };
  },
};
