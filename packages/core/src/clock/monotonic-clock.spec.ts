import { describe, expect, it } from '@jest/globals';
import { monotonicClock } from './monotonic-clock.js';

describe('monotonicClock', () => {
  it('measures the delay of its own timers', async () => {
    const start = monotonicClock.now();
    const elapsed = await new Promise<number>((resolve) => {
      monotonicClock.setTimer(() => resolve(monotonicClock.now() - start), 20);
    });
    expect(elapsed).toBeGreaterThanOrEqual(19);
  });

  it('does not fire a cancelled timer', async () => {
    let fired = false;
    monotonicClock.setTimer(() => (fired = true), 5).cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fired).toBe(false);
  });
});
