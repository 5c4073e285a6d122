import { describe, expect, it } from '@jest/globals';
import { Backoff, sleep } from './backoff.js';

describe('Backoff', () => {
  it('should grow by the factor up to the cap, jittered around the base', () => {
    const mid = new Backoff({ initialMs: 100, maxMs: 1000, factor: 2, jitter: 0.5 }, () => 0.5);
    expect([mid.next(), mid.next(), mid.next(), mid.next(), mid.next()]).toEqual([100, 200, 400, 800, 1000]);
    const low = new Backoff({ initialMs: 100, jitter: 0.5 }, () => 0);
    expect(low.next()).toBe(75);
    mid.reset();
    expect(mid.next()).toBe(100);
  });

  it('should end sleep early when the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const slept = sleep(60_000, controller.signal);
    controller.abort();
    await slept;
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
