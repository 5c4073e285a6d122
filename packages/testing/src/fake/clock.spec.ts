import { describe, expect, it } from '@jest/globals';
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
});
