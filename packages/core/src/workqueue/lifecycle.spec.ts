import { describe, expect, it } from '@jest/globals';
import { FakeClock } from '@operant/testing/fake';
import { PriorityQueue } from './priority-queue.js';
import { Workqueue } from './queue.js';

describe.each([
  ['Workqueue', (clock: FakeClock) => new Workqueue({ clock })],
  ['PriorityQueue', (clock: FakeClock) => new PriorityQueue({ clock })],
])('%s', (_name, newQueue) => {
  it('shutDown stops handing out keys and drops delayed ones; shutDownWithDrain waits for in-flight keys', async () => {
    const clock = new FakeClock();
    const q = newQueue(clock);
    q.add('inflight');
    q.add('queued');
    q.addAfter('delayed', 100);
    const inflight = await q.get();
    let drained = false;
    const draining = q.shutDownWithDrain().then(() => {
      drained = true;
    });
    expect(q.shuttingDown).toBe(true);
    await expect(q.get()).resolves.toBeUndefined();
    q.add('after');
    expect(q.tryGet()).toBeUndefined();
    clock.advance(200);
    expect(q.tryGet()).toBeUndefined();
    await Promise.resolve();
    expect(drained).toBe(false);
    q.done(inflight as string);
    await draining;
    expect(drained).toBe(true);
    expect(clock.pendingTimers).toBe(0);
  });

  it('wakes waiting getters with undefined on shutDown, and leaves other queues alone', async () => {
    const clock = new FakeClock();
    const q = newQueue(clock);
    const other = newQueue(clock);
    const a = q.get();
    const b = q.get();
    const elsewhere = other.get();
    q.shutDown();
    await expect(Promise.all([a, b])).resolves.toEqual([undefined, undefined]);
    other.add('x');
    await expect(elsewhere).resolves.toBe('x');
  });
});
