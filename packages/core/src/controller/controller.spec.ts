import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { ReconcileContext, Reconciler } from '../api/reconciler.js';
import type { Request } from '../api/request.js';
import type { Result } from '../api/result.js';
import type { ShardAdmission, ShardGate } from '../api/shard-gate.js';
import { ClientError } from '../api/status-error.js';
import { TerminalError } from '../api/terminal-error.js';
import { enqueueRequestForObject } from '../handler/enqueue-for-object.js';
import { channel } from '../source/channel.js';
import { itemExponentialFailureRateLimiter } from '../workqueue/rate-limiter.js';
import { Controller, type ControllerOptions } from './controller.js';
import type { ReconcileOutcome } from './metrics.js';

// Controllers fed by a channel source: no cluster involved, real timers.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(2);
  }
}

/** A gate answering from a table: admit, no (not this replica's), later (its Lease is not fresh). */
class TableGate implements ShardGate {
  answers = new Map<string, 'admit' | 'no' | 'later'>();
  asked: string[] = [];
  released: string[] = [];
  enqueue: ((keys: Iterable<string>) => void) | undefined;
  admit(key: string): ShardAdmission {
    this.asked.push(key);
    const answer = this.answers.get(key) ?? 'no';
    if (answer === 'no') return { admit: false };
    if (answer === 'later') return { admit: false, retryAfterMs: 20 };
    return { admit: true, release: () => this.released.push(key) };
  }
  bind(enqueue: (keys: Iterable<string>) => void): () => void {
    this.enqueue = enqueue;
    return () => (this.enqueue = undefined);
  }
}

describe('Controller', () => {
  let stop: AbortController;
  let events: EventEmitter;
  let outcomes: ReconcileOutcome[];
  let running: Promise<void> | undefined;

  beforeEach(() => {
    stop = new AbortController();
    events = new EventEmitter();
    outcomes = [];
    running = undefined;
  });
  afterEach(async () => {
    stop.abort();
    await running;
  });

  const start = async (reconcile: Reconciler['reconcile'], options: ControllerOptions = {}) => {
    const controller = new Controller(
      'test',
      { reconcile },
      {
        rateLimiter: itemExponentialFailureRateLimiter(5, 1000),
        metrics: { reconciled: (_c, outcome) => outcomes.push(outcome) },
        ...options,
      },
    );
    await controller.watch(channel(events, enqueueRequestForObject()));
    running = controller.start(stop.signal);
    await sleep(0);
    return controller;
  };
  const send = (name: string, namespace = 'ns') => events.emit('event', { metadata: { name, namespace } });

  it('reconciles each key it is sent, with a request of namespace and name only', async () => {
    const seen: Request[] = [];
    await start(async (request) => {
      seen.push(request);
    });
    send('a');
    send('b', '');
    await until(() => seen.length === 2);
    expect(seen).toEqual([
      { namespace: 'ns', name: 'a' },
      { namespace: '', name: 'b' },
    ]);
    expect(outcomes).toEqual(['success', 'success']);
  });

  it('retries a throwing key with growing delays while other keys keep flowing', async () => {
    const attempts: number[] = [];
    let good = 0;
    await start(
      async ({ name }) => {
        if (name === 'good') {
          good++;
          return;
        }
        attempts.push(performance.now());
        if (attempts.length < 5) throw new Error('boom');
      },
      { maxConcurrentReconciles: 2 },
    );
    send('bad');
    for (let i = 0; i < 5; i++) {
      send('good');
      await sleep(3);
    }
    await until(() => attempts.length === 5 && good > 0);
    const gaps = attempts.slice(1).map((t, i) => t - (attempts[i] as number));
    // 5, 10, 20, 40 ms of backoff (timers may fire late, never early)
    expect(gaps.map((g, i) => g >= 5 * 2 ** i - 1)).toEqual([true, true, true, true]);
    expect(gaps[3]).toBeGreaterThan(gaps[0] as number);
    expect(outcomes.filter((o) => o === 'error')).toHaveLength(4);
  });

  it('does not requeue a TerminalError', async () => {
    let runs = 0;
    await start(async () => {
      runs++;
      throw new TerminalError(new Error('invalid spec'));
    });
    send('x');
    await until(() => runs === 1);
    await sleep(50);
    expect(runs).toBe(1);
    expect(outcomes).toEqual(['error']);
  });

  it('runs a key again after requeueAfter', async () => {
    const times: number[] = [];
    await start(async (): Promise<Result> => {
      times.push(performance.now());
      return times.length === 1 ? { requeueAfter: 30 } : {};
    });
    send('x');
    await until(() => times.length === 2);
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(29);
    expect(outcomes).toEqual(['requeue_after', 'success']);
  });

  it('catches synchronous throws and non-Error rejections', async () => {
    let runs = 0;
    await start(((): Promise<void> => {
      runs++;
      if (runs === 1) throw 'a string';
      if (runs === 2) return Promise.reject(undefined);
      return Promise.resolve();
    }) as Reconciler['reconcile']);
    send('x');
    await until(() => runs === 3);
    expect(outcomes).toEqual(['error', 'error', 'success']);
  });

  it('never runs one key twice at once, and coalesces adds made during a run', async () => {
    let concurrent = 0;
    let maxConcurrent = 0;
    const perKey = new Map<string, number>();
    let runs = 0;
    await start(
      async ({ name }) => {
        const now = (perKey.get(name) ?? 0) + 1;
        perKey.set(name, now);
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        if (now > 1) throw new Error(`two runs of ${name} at once`);
        await sleep(5);
        perKey.set(name, now - 1);
        concurrent--;
        runs++;
      },
      { maxConcurrentReconciles: 4 },
    );
    for (let i = 0; i < 200; i++) send(`k${i % 3}`);
    await until(() => runs >= 3);
    await sleep(50);
    expect(outcomes).not.toContain('error');
    expect(runs).toBeLessThan(20); // 200 adds of 3 keys coalesce
    expect(maxConcurrent).toBeLessThanOrEqual(3);
  });

  it('on stop, lets in-flight reconciles finish and hands out no new keys', async () => {
    let finished = 0;
    const started: string[] = [];
    await start(
      async ({ name }) => {
        started.push(name);
        await sleep(100);
        finished++;
      },
      { maxConcurrentReconciles: 2 },
    );
    send('a');
    send('b');
    send('c');
    await until(() => started.length === 2);
    stop.abort();
    await running;
    expect(finished).toBe(2);
    expect(started).toEqual(['a', 'b']);
  });

  it('aborts the signals of reconciles still running after the graceful shutdown timeout', async () => {
    let aborted = false;
    await start(
      async (_request, { signal }: ReconcileContext) => {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        aborted = signal.aborted;
      },
      { gracefulShutdownTimeoutMs: 50 },
    );
    send('slow');
    await sleep(20);
    const t = performance.now();
    stop.abort();
    await running;
    expect(performance.now() - t).toBeLessThan(2000);
    await until(() => aborted);
  });

  it('aborts a reconcile signal after reconcileTimeoutMs', async () => {
    let reason: unknown;
    await start(
      async (_request, { signal }) => {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        reason = signal.reason;
      },
      { reconcileTimeoutMs: 20 },
    );
    send('x');
    await until(() => reason !== undefined);
    expect((reason as Error).name).toBe('TimeoutError');
  });

  it('reports programming errors (TypeError and kin) as panics to its metrics', async () => {
    const panics: boolean[] = [];
    const controller = new Controller(
      'panicky',
      {
        reconcile: async ({ name }) => {
          if (name === 'typo') (undefined as unknown as { x: number }).x;
          throw new Error('plain failure');
        },
      },
      {
        rateLimiter: itemExponentialFailureRateLimiter(10_000, 10_000),
        metrics: { reconciled: (_c, _o, _s, _t, panic) => panics.push(panic) },
      },
    );
    await controller.watch(channel(events, enqueueRequestForObject()));
    running = controller.start(stop.signal);
    await sleep(0);
    send('typo');
    send('plain');
    await until(() => panics.length === 2);
    expect(panics).toEqual([true, false]);
  });

  it('rejects a non-positive maxConcurrentReconciles', () => {
    expect(() => new Controller('bad', { reconcile: async () => undefined }, { maxConcurrentReconciles: 0 })).toThrow(
      'unable to create controller bad: maxConcurrentReconciles must be a positive integer',
    );
  });
  it('retries keys that failed on the wire as soon as the API server answers again, not after their backoff', async () => {
    const reachable: (() => void)[] = [];
    const connectivity = {
      onReachable: (observer: () => void) => {
        reachable.push(observer);
        return () => reachable.splice(reachable.indexOf(observer), 1);
      },
    };
    let calls = 0;
    await start(
      async () => {
        calls++;
        if (calls === 1) throw new ClientError('transport', 'unable to reach the API server');
        if (calls === 2) throw new Error('a failure of its own');
      },
      // an hour of backoff: only the reachable signal can bring the key back in this test
      { rateLimiter: itemExponentialFailureRateLimiter(3_600_000, 3_600_000), connectivity },
    );
    send('a');
    await until(() => outcomes.length === 1);
    expect(reachable).toHaveLength(1);
    reachable[0]?.();
    await until(() => outcomes.length === 2);
    expect(outcomes).toEqual(['error', 'error']);
    // the second failure was not on the wire: the next reachable signal does not retry it
    reachable[0]?.();
    await sleep(50);
    expect(calls).toBe(2);
  });

  describe('on the priority queue (default) and the plain queue', () => {
    const gate = () => {
      let open: () => void = () => undefined;
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { open, opened };
    };

    it.each([
      [true, ['gate', 'live', 'low1', 'low2']],
      [false, ['gate', 'low1', 'low2', 'live']],
    ])('usePriorityQueue %s: hands out %j', async (usePriorityQueue, order) => {
      const seen: string[] = [];
      const g = gate();
      const controller = await start(
        async ({ name }) => {
          seen.push(name);
          if (name === 'gate') await g.opened;
        },
        { usePriorityQueue },
      );
      expect(controller.queue.prioritized).toBe(usePriorityQueue);
      send('gate');
      await until(() => seen.length === 1);
      controller.queue.addWithOptions('ns/low1', { priority: -100 });
      controller.queue.addWithOptions('ns/low2', { priority: -100 });
      send('live');
      g.open();
      await until(() => seen.length === 4);
      expect(seen).toEqual(order);
    });

    it.each([
      [10, ['a', 'b', 'a', 'c']],
      [undefined, ['a', 'b', 'c', 'a']],
    ])(
      'a requeue goes in at Result.priority (%s), else at the priority it was handed out at',
      async (priority, order) => {
        const seen: string[] = [];
        await start(async ({ name }) => {
          seen.push(name);
          if (name === 'a' && seen.length === 1) {
            send('b');
            send('c');
            return { requeueAfter: 1, priority } as Result;
          }
          if (name === 'b') await sleep(50); // a becomes ready meanwhile
          return {};
        });
        send('a');
        await until(() => seen.length === 4);
        expect(seen).toEqual(order);
      },
    );

    it('retries a failed key at the priority it was handed out at', async () => {
      const seen: string[] = [];
      const controller = await start(async ({ name }) => {
        seen.push(name);
        if (name === 'low' && seen.length === 1) {
          controller.queue.addWithOptions('ns/other-low', { priority: -100 });
          throw new Error('transient');
        }
        if (name === 'other-low') {
          await sleep(50); // low's retry (5 ms) becomes ready meanwhile
          send('live');
        }
      });
      controller.queue.addWithOptions('ns/low', { priority: -100 });
      await until(() => seen.length === 4);
      expect(seen).toEqual(['low', 'other-low', 'live', 'low']);
    });
  });

  // sharding: the controller asks its gate before each reconcile (api/shard-gate.ts)
  describe('with a ShardGate', () => {
    let gate: TableGate;
    let reconciled: string[];
    beforeEach(() => {
      gate = new TableGate();
      reconciled = [];
    });
    const startGated = () =>
      start(
        async (req) => {
          reconciled.push(`${req.namespace}/${req.name}`);
          expect(gate.released).not.toContain(`${req.namespace}/${req.name}`);
          return {};
        },
        { shard: gate },
      );

    it('reconciles admitted keys and releases each after its run, forgets keys not its own', async () => {
      gate.answers.set('ns/mine', 'admit');
      const controller = await startGated();
      send('theirs');
      send('mine');
      await until(() => gate.released.includes('ns/mine') && gate.asked.includes('ns/theirs'));
      expect(reconciled).toEqual(['ns/mine']);
      expect(controller.queue.numRequeues('ns/theirs')).toBe(0);
      expect(controller.queue.len() + controller.queue.delayedLen()).toBe(0);
    });

    it('retries a key it may not start now, and runs it once the gate admits it', async () => {
      gate.answers.set('ns/later', 'later');
      await startGated();
      send('later');
      await until(() => gate.asked.filter((k) => k === 'ns/later').length >= 2);
      expect(reconciled).toEqual([]);
      gate.answers.set('ns/later', 'admit');
      await until(() => reconciled.includes('ns/later'));
    });

    it('queues the keys the gate names when ranges become active', async () => {
      await startGated();
      await until(() => gate.enqueue !== undefined);
      gate.answers.set('ns/a', 'admit');
      gate.answers.set('ns/b', 'admit');
      gate.enqueue?.(['ns/a', 'ns/b']);
      await until(() => reconciled.length === 2);
      expect(reconciled.sort()).toEqual(['ns/a', 'ns/b']);
      expect(gate.released.sort()).toEqual(['ns/a', 'ns/b']);
    });
  });
});
