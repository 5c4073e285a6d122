import { describe, expect, it } from '@jest/globals';
import { FakeClock } from '@operant/testing/fake';
import fc from 'fast-check';
import { Workqueue } from './queue.js';
import { itemExponentialFailureRateLimiter } from './rate-limiter.js';

const drain = (q: Workqueue): string[] => {
  const out: string[] = [];
  for (let key = q.tryGet(); key !== undefined; key = q.tryGet()) {
    out.push(key);
    q.done(key);
  }
  return out;
};

describe('Workqueue', () => {
  it('hands keys out in FIFO order and queues a waiting key only once', () => {
    const q = new Workqueue({ clock: new FakeClock() });
    for (const key of ['a', 'b', 'a', 'c', 'b', 'a']) q.add(key);
    expect(q.len()).toBe(3);
    expect(drain(q)).toEqual(['a', 'b', 'c']);
  });

  it('never hands out a key being processed; an add meanwhile runs it once more after done', () => {
    const q = new Workqueue({ clock: new FakeClock() });
    q.add('a');
    expect(q.tryGet()).toBe('a');
    q.add('a');
    q.add('a');
    expect(q.len()).toBe(0);
    expect(q.tryGet()).toBeUndefined();
    q.done('a');
    expect(q.len()).toBe(1);
    expect(q.tryGet()).toBe('a');
    q.done('a');
    expect(q.len()).toBe(0);
  });

  it('resolves a waiting get when a key arrives', async () => {
    const q = new Workqueue({ clock: new FakeClock() });
    const pending = q.get();
    q.add('x');
    await expect(pending).resolves.toBe('x');
    expect(q.processingLen()).toBe(1);
  });

  it('delays adds with one timer, in ready order, keeping the earliest time of duplicates', () => {
    const clock = new FakeClock();
    const q = new Workqueue({ clock });
    q.addAfter('late', 300);
    q.addAfter('early', 100);
    q.addAfter('middle', 200);
    q.addAfter('dup', 500);
    q.addAfter('dup', 150); // moved up
    q.addAfter('dup', 400); // not pushed back
    expect(clock.pendingTimers).toBe(1);
    expect(q.delayedLen()).toBe(4);
    clock.advance(99);
    expect(q.len()).toBe(0);
    clock.advance(1);
    expect(drain(q)).toEqual(['early']);
    clock.advance(100);
    expect(drain(q)).toEqual(['dup', 'middle']);
    clock.advance(100);
    expect(drain(q)).toEqual(['late']);
    clock.advance(1000);
    expect(q.len()).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('retries through the rate limiter with growing delays until forget', () => {
    const clock = new FakeClock();
    const q = new Workqueue({ clock, rateLimiter: itemExponentialFailureRateLimiter(5, 1000) });
    const readyAfter: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const started = clock.now();
      q.addRateLimited('k');
      while (q.len() === 0) clock.advance(1);
      readyAfter.push(clock.now() - started);
      expect(drain(q)).toEqual(['k']);
    }
    expect(readyAfter).toEqual([5, 10, 20, 40, 80]);
    expect(q.numRequeues('k')).toBe(5);
    q.forget('k');
    expect(q.numRequeues('k')).toBe(0);
  });

  it('reports depth, adds, waits, work time and retries to its metrics hooks', () => {
    const clock = new FakeClock();
    const seen = { depth: [] as number[], added: 0, started: [] as number[], finished: [] as number[], retried: 0 };
    const q = new Workqueue({
      clock,
      rateLimiter: itemExponentialFailureRateLimiter(10, 10),
      metrics: {
        depth: (n) => seen.depth.push(n),
        added: () => seen.added++,
        started: (ms) => seen.started.push(ms),
        finished: (ms) => seen.finished.push(ms),
        retried: () => seen.retried++,
      },
    });
    q.add('a');
    q.add('b');
    clock.advance(7);
    const key = q.tryGet() as string;
    clock.advance(3);
    q.done(key);
    q.addRateLimited('a');
    clock.advance(10);
    expect(seen.added).toBe(3);
    expect(seen.retried).toBe(1);
    expect(seen.started).toEqual([7]);
    expect(seen.finished).toEqual([3]);
    expect(seen.depth).toEqual([0, 1, 2, 1, 2]); // 0: the series exists from the start
  });

  it('property: with many async workers and random adds, no key runs twice at once and every add is followed by a run', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd', 'e'), pause: fc.nat(3) }), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.nat(4), { minLength: 1, maxLength: 16 }),
        async (adds, workers, workTicks) => {
          const q = new Workqueue({ clock: new FakeClock() });
          const running = new Set<string>();
          const lastAdd = new Map<string, number>();
          const lastStart = new Map<string, number>();
          let tick = 0;
          let violations = 0;
          const yieldTicks = async (n: number) => {
            for (let i = 0; i < n; i++) await Promise.resolve();
          };
          const worker = async (id: number) => {
            for (let n = 0; ; n++) {
              const key = await q.get();
              if (key === undefined) return;
              if (running.has(key)) violations++;
              running.add(key);
              lastStart.set(key, ++tick);
              await yieldTicks(workTicks[(id + n) % workTicks.length] as number);
              running.delete(key);
              q.done(key);
            }
          };
          const pool = Array.from({ length: workers }, (_, id) => worker(id));
          for (const { key, pause } of adds) {
            lastAdd.set(key, ++tick);
            q.add(key);
            await yieldTicks(pause);
          }
          while (q.len() > 0 || q.processingLen() > 0) await yieldTicks(1);
          await q.shutDownWithDrain();
          await Promise.all(pool);
          expect(violations).toBe(0);
          for (const [key, added] of lastAdd) expect(lastStart.get(key) ?? 0).toBeGreaterThan(added);
        },
      ),
      { numRuns: 200 },
    );
  });
});
