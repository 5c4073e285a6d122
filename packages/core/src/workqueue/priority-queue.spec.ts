import { describe, expect, it } from '@jest/globals';
import { FakeClock } from '@operant/testing/fake';
import fc from 'fast-check';
import { PriorityQueue } from './priority-queue.js';
import { itemExponentialFailureRateLimiter } from './rate-limiter.js';

const LOW = -100;

const drain = (q: PriorityQueue): string[] => {
  const out: string[] = [];
  for (let next = q.tryGetWithPriority(); next !== undefined; next = q.tryGetWithPriority()) {
    out.push(`${next.key}@${next.priority}`);
    q.done(next.key);
  }
  return out;
};

describe('PriorityQueue', () => {
  it('hands out the highest priority first, FIFO within a priority', () => {
    const q = new PriorityQueue({ clock: new FakeClock() });
    q.addWithOptions('l1', { priority: LOW });
    q.addWithOptions('l2', { priority: LOW });
    q.add('n1');
    q.addWithOptions('h1', { priority: 10 });
    q.addWithOptions('l3', { priority: LOW });
    q.add('n2');
    expect(q.len()).toBe(6);
    expect(drain(q)).toEqual(['h1@10', 'n1@0', 'n2@0', 'l1@-100', 'l2@-100', 'l3@-100']);
  });

  it('dedups a waiting key, keeping the highest priority; a raise moves it to the end of its new level', () => {
    const q = new PriorityQueue({ clock: new FakeClock() });
    for (const key of ['a', 'b', 'c']) q.addWithOptions(key, { priority: LOW });
    q.add('x');
    q.add('c'); // raised: after x
    q.addWithOptions('x', { priority: LOW }); // never lowered
    q.addWithOptions('a', { priority: LOW }); // a duplicate keeps its place
    expect(q.len()).toBe(4);
    expect(drain(q)).toEqual(['x@0', 'c@0', 'a@-100', 'b@-100']);
  });

  it('never hands out a key being processed; an add meanwhile waits, with its priority, until done', () => {
    const q = new PriorityQueue({ clock: new FakeClock() });
    q.addWithOptions('a', { priority: LOW });
    expect(q.tryGetWithPriority()).toEqual({ key: 'a', priority: LOW });
    q.add('a');
    q.addWithOptions('b', { priority: LOW });
    expect(q.len()).toBe(2);
    expect(q.tryGet()).toBe('b'); // a is still being processed
    expect(q.tryGet()).toBeUndefined();
    q.done('a');
    expect(q.tryGetWithPriority()).toEqual({ key: 'a', priority: 0 });
    q.done('a');
    q.done('b');
    expect(q.len() + q.processingLen()).toBe(0);
  });

  it('keeps one run per key under any sequence of adds, gets and dones (property)', () => {
    const op = fc.oneof(
      fc.record({ add: fc.constantFrom('a', 'b', 'c'), priority: fc.constantFrom(LOW, 0, 5) }),
      fc.constant({ get: true as const }),
      fc.constant({ done: true as const }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const q = new PriorityQueue({ clock: new FakeClock() });
        const running: string[] = [];
        const addedSinceStart = new Set<string>();
        for (const o of ops) {
          if ('add' in o) {
            q.addWithOptions(o.add, { priority: o.priority });
            addedSinceStart.add(o.add);
          } else if ('get' in o) {
            const key = q.tryGet();
            if (key !== undefined) {
              expect(running).not.toContain(key);
              running.push(key);
              addedSinceStart.delete(key);
            }
          } else if (running.length > 0) q.done(running.shift() as string);
        }
        for (const key of running.splice(0)) q.done(key);
        // every key added and not yet run is still there, once
        const rest = drain(q).map((s) => s.split('@')[0]);
        expect(new Set(rest).size).toBe(rest.length);
        expect(new Set(rest)).toEqual(addedSinceStart);
      }),
    );
  });

  it('resolves a waiting getWithPriority when an item becomes ready', async () => {
    const q = new PriorityQueue({ clock: new FakeClock() });
    const pending = q.getWithPriority();
    q.addWithOptions('x', { priority: 3 });
    await expect(pending).resolves.toEqual({ key: 'x', priority: 3 });
    expect(q.processingLen()).toBe(1);
  });

  it('addAfter: ready when due, in priority order; the earliest time and the highest priority win', () => {
    const clock = new FakeClock();
    const q = new PriorityQueue({ clock });
    q.addWithOptions('low', { afterMs: 100, priority: LOW });
    q.addWithOptions('normal', { afterMs: 100 });
    q.addWithOptions('dup', { afterMs: 500, priority: LOW });
    q.addWithOptions('dup', { afterMs: 100 }); // earlier and higher
    q.addWithOptions('dup', { afterMs: 50, priority: LOW }); // earlier still, priority kept
    expect(q.delayedLen()).toBe(3);
    expect(clock.pendingTimers).toBe(1);
    clock.advance(49);
    expect(q.len()).toBe(0);
    clock.advance(1);
    expect(drain(q)).toEqual(['dup@0']);
    clock.advance(50);
    expect(drain(q)).toEqual(['normal@0', 'low@-100']);
    expect(q.delayedLen()).toBe(0);
  });

  it('a plain add readies a delayed item at once; a delayed add does not delay a ready one', () => {
    const clock = new FakeClock();
    const q = new PriorityQueue({ clock });
    q.addAfter('delayed', 1000);
    q.add('delayed');
    expect(q.delayedLen()).toBe(0);
    q.add('ready');
    q.addAfter('ready', 1000);
    expect(drain(q)).toEqual(['delayed@0', 'ready@0']);
    clock.advance(2000);
    expect(q.len()).toBe(0); // nothing came back
  });

  it('addRateLimited backs off per key with growing delays, at the priority asked for, until forget', () => {
    const clock = new FakeClock();
    const q = new PriorityQueue({ clock, rateLimiter: itemExponentialFailureRateLimiter(5, 1000) });
    const readyAfter: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const started = clock.now();
      q.addWithOptions('k', { rateLimited: true, priority: LOW });
      q.addWithOptions('other', { priority: LOW });
      expect(drain(q)).toEqual(['other@-100']);
      while (q.len() === 0) clock.advance(1);
      readyAfter.push(clock.now() - started);
      expect(drain(q)).toEqual(['k@-100']);
    }
    expect(readyAfter).toEqual([5, 10, 20, 40]);
    expect(q.numRequeues('k')).toBe(4);
    q.forget('k');
    expect(q.numRequeues('k')).toBe(0);
  });

  it('a rate-limited add with a delay waits the shorter of both', () => {
    const clock = new FakeClock();
    const q = new PriorityQueue({ clock, rateLimiter: itemExponentialFailureRateLimiter(50, 1000) });
    q.addWithOptions('k', { rateLimited: true, afterMs: 500 });
    clock.advance(49);
    expect(q.len()).toBe(0);
    clock.advance(1);
    expect(drain(q)).toEqual(['k@0']);
  });

  it('a delayed item takes its turn when it becomes ready, behind items already ready at its priority', () => {
    const clock = new FakeClock();
    const q = new PriorityQueue({ clock });
    q.addAfter('early-add', 100);
    q.add('a');
    q.add('b');
    clock.advance(100);
    q.add('c');
    expect(drain(q)).toEqual(['a@0', 'b@0', 'early-add@0', 'c@0']);
  });

  it('reports depth per priority level, adds, waits, work time and retries', () => {
    const clock = new FakeClock();
    const depth: [number, number | undefined][] = [];
    const seen = { added: 0, started: [] as number[], finished: [] as number[], retried: 0 };
    const q = new PriorityQueue({
      clock,
      rateLimiter: itemExponentialFailureRateLimiter(10, 10),
      metrics: {
        depth: (n, priority) => depth.push([n, priority]),
        added: () => seen.added++,
        started: (ms) => seen.started.push(ms),
        finished: (ms) => seen.finished.push(ms),
        retried: () => seen.retried++,
      },
    });
    q.addWithOptions('a', { priority: LOW });
    q.addWithOptions('b', { priority: LOW });
    q.add('b'); // moves from -100 to 0
    clock.advance(7);
    expect(q.tryGet()).toBe('b');
    clock.advance(3);
    q.done('b');
    q.addRateLimited('c'); // not ready yet: no depth, no add
    expect(depth).toEqual([
      [0, 0],
      [1, LOW],
      [2, LOW],
      [1, LOW],
      [1, 0],
      [0, 0],
    ]);
    expect(seen).toEqual({ added: 2, started: [7], finished: [3], retried: 1 });
    clock.advance(10);
    expect(seen.added).toBe(3);
    expect(depth.at(-1)).toEqual([1, 0]);
  });
});
