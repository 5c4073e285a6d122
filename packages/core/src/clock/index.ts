/**
 * Time as a dependency, in two kinds that a number cannot tell apart, so the names do:
 *
 * - `WallClock`, `wallClock`: what time it is, epoch milliseconds (`Date.now()`), for
 *   timestamps and schedules.
 * - `MonotonicClock`, `monotonicClock`: how much time has passed, milliseconds from an
 *   arbitrary origin (`performance.now()`), and timers (`setTimer`); what the workqueue and the
 *   rate limiters run on.
 *
 * Tests pass `FakeClock` from `@operant/testing/fake`, which is both and moves only when
 * told (client-go's `clock/testing.FakeClock`).
 * @module clock
 */
export { type MonotonicClock, monotonicClock } from './monotonic-clock.js';
export { type WallClock, wallClock } from './wall-clock.js';
