import { describe, expect, it } from '@jest/globals';
import { FakeClock } from '@operant/testing/fake';
import { ClientError } from '../../api/status-error.js';
import { DEFAULT_BURST, tokenBucketRateLimiter } from './rate-limiter.js';

/** Starts `n` waits and returns, per wait, whether it has resolved yet. */
function waits(start: () => Promise<void>, n: number): boolean[] {
  const done = Array.from({ length: n }, () => false);
  for (let i = 0; i < n; i++) void start().then(() => (done[i] = true));
  return done;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('tokenBucketRateLimiter', () => {
  it('lets a burst through at once, then one request per 1/qps, and refills while idle', async () => {
    const clock = new FakeClock();
    const limiter = tokenBucketRateLimiter(5, 3, clock);
    const done = waits(() => limiter.wait(), 6);
    await settle();
    expect(done).toEqual([true, true, true, false, false, false]);
    clock.advance(199);
    await settle();
    expect(done.filter(Boolean)).toHaveLength(3);
    clock.advance(1); // 200 ms: one token at 5 qps
    await settle();
    expect(done.filter(Boolean)).toHaveLength(4);
    clock.advance(400);
    await settle();
    expect(done.every(Boolean)).toBe(true);
    expect(limiter.tryAccept()).toBe(false);
    clock.advance(10_000); // idle: the bucket holds at most `burst`
    expect([limiter.tryAccept(), limiter.tryAccept(), limiter.tryAccept(), limiter.tryAccept()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(limiter.qps).toBe(5);
  });

  it('gives back the token of an aborted wait, so the next request does not wait for it', async () => {
    const clock = new FakeClock();
    const limiter = tokenBucketRateLimiter(1, 1, clock);
    expect(limiter.tryAccept()).toBe(true);
    const abort = new AbortController();
    const aborted = limiter.wait(abort.signal);
    abort.abort();
    await expect(aborted).rejects.toMatchObject({ kind: 'aborted' });
    expect(clock.pendingTimers).toBe(0);
    // the aborted wait had reserved the token due at 1 s; it is free again
    const done = waits(() => limiter.wait(), 1);
    clock.advance(1000);
    await settle();
    expect(done).toEqual([true]);
    expect(limiter.tryAccept()).toBe(false);
  });

  it('keeps the token when a later request reserved after the aborted one', async () => {
    const clock = new FakeClock();
    const limiter = tokenBucketRateLimiter(1, 1, clock);
    limiter.tryAccept();
    const abort = new AbortController();
    const first = limiter.wait(abort.signal); // due at 1 s
    const second = waits(() => limiter.wait(), 1); // due at 2 s
    abort.abort();
    await expect(first).rejects.toBeInstanceOf(ClientError);
    clock.advance(1999);
    await settle();
    expect(second).toEqual([false]);
    clock.advance(1);
    await settle();
    expect(second).toEqual([true]);
  });

  it('rejects a wait whose signal already fired and takes no token', async () => {
    const clock = new FakeClock();
    const limiter = tokenBucketRateLimiter(1, 1, clock);
    await expect(limiter.wait(AbortSignal.abort())).rejects.toMatchObject({ kind: 'aborted' });
    expect(limiter.tryAccept()).toBe(true);
  });

  it('defaults the burst to client-go rest.DefaultBurst and refuses a qps or burst that cannot limit', () => {
    const clock = new FakeClock();
    const limiter = tokenBucketRateLimiter(1, undefined, clock);
    const accepted = Array.from({ length: DEFAULT_BURST + 1 }, () => limiter.tryAccept());
    expect(accepted.filter(Boolean)).toHaveLength(10);
    expect(() => tokenBucketRateLimiter(0)).toThrow(/qps must be a positive number/);
    expect(() => tokenBucketRateLimiter(Number.NaN)).toThrow(/qps/);
    expect(() => tokenBucketRateLimiter(5, 0)).toThrow(/burst must be a positive integer/);
  });
});
