import { describe, expect, it } from '@jest/globals';
import { FakeClock } from '@operant/testing/fake';
import {
  bucketRateLimiter,
  defaultControllerRateLimiter,
  itemExponentialFailureRateLimiter,
  maxOfRateLimiter,
} from './rate-limiter.js';

describe('itemExponentialFailureRateLimiter', () => {
  it('doubles from 5 ms per failure of a key, caps at 1000 s, and resets on forget', () => {
    const limiter = itemExponentialFailureRateLimiter();
    const delays = Array.from({ length: 20 }, () => limiter.when('a'));
    expect(delays.slice(0, 5)).toEqual([5, 10, 20, 40, 80]);
    expect(delays[17]).toBe(655_360);
    expect(delays[18]).toBe(1_000_000);
    expect(delays[19]).toBe(1_000_000);
    expect(limiter.numRequeues('a')).toBe(20);
    expect(limiter.when('b')).toBe(5); // keys are independent
    limiter.forget('a');
    expect(limiter.numRequeues('a')).toBe(0);
    expect(limiter.when('a')).toBe(5);
  });

  it('stays capped however many failures pile up', () => {
    const limiter = itemExponentialFailureRateLimiter(5, 60_000);
    for (let i = 0; i < 2000; i++) limiter.when('x');
    expect(limiter.when('x')).toBe(60_000);
  });
});

describe('bucketRateLimiter', () => {
  it('lets a burst through, then spaces keys at 1/qps, and refills with time', () => {
    const clock = new FakeClock();
    const limiter = bucketRateLimiter(10, 100, clock);
    const burst = Array.from({ length: 100 }, (_, i) => limiter.when(`k${i}`));
    expect(burst.every((d) => d === 0)).toBe(true);
    expect(limiter.when('k100')).toBeCloseTo(100);
    expect(limiter.when('k101')).toBeCloseTo(200);
    clock.advance(1000); // ten tokens back, two of them already promised
    expect(limiter.when('k102')).toBeCloseTo(0);
    for (let i = 0; i < 7; i++) limiter.when(`more${i}`);
    expect(limiter.when('k103')).toBeCloseTo(100);
  });
});

describe('defaultControllerRateLimiter', () => {
  it('takes the longer of per-key backoff and the shared bucket', () => {
    const clock = new FakeClock();
    const limiter = defaultControllerRateLimiter(clock);
    expect(limiter.when('a')).toBe(5);
    expect(limiter.when('a')).toBe(10);
    for (let i = 0; i < 98; i++) limiter.when(`other${i}`);
    // the bucket is empty now: a fresh key waits for a token, not 5 ms
    expect(limiter.when('fresh')).toBeCloseTo(100);
    limiter.forget('a');
    expect(limiter.numRequeues('a')).toBe(0);
  });

  it('maxOf reports the most requeues of its limiters', () => {
    const a = itemExponentialFailureRateLimiter(1, 10);
    const limiter = maxOfRateLimiter(a, bucketRateLimiter(1000, 1000, new FakeClock()));
    limiter.when('k');
    limiter.when('k');
    expect(limiter.numRequeues('k')).toBe(2);
  });
});
