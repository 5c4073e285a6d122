import { describe, expect, it } from '@jest/globals';
import type { MonotonicClock, WallClock } from '@operant/core/clock';
import { FakeClock } from './clock.js';

describe('FakeClock', () => {
  it('says when its earliest pending timer falls due', () => {
    const clock = new FakeClock(10);
    expect(clock.nextTimerAt()).toBeUndefined();
    const late = clock.setTimer(() => undefined, 50);
    clock.setTimer(() => undefined, 20);
    expect(clock.nextTimerAt()).toBe(30);
    clock.advance(20);
    expect(clock.nextTimerAt()).toBe(60);
    late.cancel();
    expect(clock.nextTimerAt()).toBeUndefined();
  });

  it('is a wall clock and a monotonic clock at once', () => {
    const clock = new FakeClock(new Date('2026-12-04T19:00:00Z'));
    const wall = clock satisfies WallClock;
    const monotonic = clock satisfies MonotonicClock;
    const firedAt: string[] = [];
    const started = monotonic.now();
    monotonic.setTimer(() => firedAt.push(new Date(wall.now()).toISOString()), 90_000);
    clock.advance(60_000);
    expect(firedAt).toEqual([]);
    clock.advance(30_000);
    expect(firedAt).toEqual(['2026-12-04T19:01:30.000Z']);
    expect(monotonic.now() - started).toBe(90_000);
  });
});
