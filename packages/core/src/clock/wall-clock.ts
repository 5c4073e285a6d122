/**
 * The time of day, as a dependency: `WallClock.now()` is milliseconds since the Unix epoch
 * (`Date.now()`), what `new Date(ms)` takes. Use it for timestamps and schedules ("when is the
 * next run of this cron schedule", "is this Job past its deadline"): the role of Go's
 * `time.Now()` and `k8s.io/utils/clock.PassiveClock`. Not for measuring durations or
 * arming timers: the wall clock jumps when the system's time is set (`MonotonicClock`).
 * @module
 */

/** Tells the time of day. */
export interface WallClock {
  /** Milliseconds since 1970-01-01T00:00:00Z, as `Date.now()`. */
  now(): number;
}

/** The system's wall clock: `Date.now()`. Tests pass `@operant/testing/fake`'s `FakeClock`. */
export const wallClock: WallClock = {
  now: () => Date.now(),
};
