import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { eventually } from '@operant/testing';
import type { LogFields, Logger } from '../api/logger.js';
import type { Reconciler } from '../api/reconciler.js';
import { enqueueRequestForObject } from '../handler/enqueue-for-object.js';
import { type MetricsRegistry, newRegistry } from '../metrics/registry.js';
import { channel } from '../source/channel.js';
import { itemExponentialFailureRateLimiter } from '../workqueue/rate-limiter.js';
import { Controller, type ControllerOptions } from './controller.js';
import { controllerMetrics } from './reconcile-metrics.js';
import { workqueueMetrics } from './workqueue-metrics.js';

// Reconcile timeouts that free the worker: controllers fed by a channel source, real timers,
// reconciles held by gates the test opens. Assertions are on counts and order, not on time.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = (check: () => boolean) =>
  eventually(
    () => {
      if (!check()) throw new Error('condition not met in time');
    },
    { timeout: 5000, interval: 2 },
  );

/** A promise the test resolves; a reconcile awaiting it ignores its signal. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

interface Line {
  level: string;
  message: string;
  fields: LogFields;
}

function capturingLogger(lines: Line[], fields: LogFields = {}): Logger {
  const at =
    (level: string) =>
    (message: string, more: LogFields = {}) =>
      void lines.push({ level, message, fields: { ...fields, ...more } });
  return {
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    child: (more) => capturingLogger(lines, { ...fields, ...more }),
  };
}

const sample = async (metrics: MetricsRegistry, series: string): Promise<number | undefined> => {
  const line = (await metrics.metrics()).split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
};

describe('Controller reconcile timeouts', () => {
  let stop: AbortController;
  let events: EventEmitter;
  let running: Promise<void> | undefined;
  let metrics: MetricsRegistry;
  let lines: Line[];
  let abandoned: number[];
  let outcomes: string[];

  beforeEach(() => {
    stop = new AbortController();
    events = new EventEmitter();
    running = undefined;
    metrics = newRegistry({ collectDefaultMetrics: false });
    lines = [];
    abandoned = [];
    outcomes = [];
  });
  afterEach(async () => {
    stop.abort();
    await running;
  });

  const start = async (reconcile: Reconciler['reconcile'], options: ControllerOptions = {}) => {
    const hooks = controllerMetrics(metrics);
    const controller = new Controller(
      'test',
      { reconcile },
      {
        rateLimiter: itemExponentialFailureRateLimiter(5, 1000),
        reconcileTimeoutMs: 20,
        reconcileTimeoutGraceMs: 20,
        logger: capturingLogger(lines),
        kind: 'Widget',
        workqueueMetrics: workqueueMetrics(metrics)('test'),
        metrics: {
          ...hooks,
          reconciled: (...args) => {
            outcomes.push(args[1]);
            hooks.reconciled?.(...args);
          },
          abandoned: (name, count) => {
            abandoned.push(count);
            hooks.abandoned?.(name, count);
          },
        },
        ...options,
      },
    );
    await controller.watch(channel(events, enqueueRequestForObject()));
    running = controller.start(stop.signal);
    await sleep(0);
    return controller;
  };
  const send = (name: string) => events.emit('event', { metadata: { name, namespace: 'ns' } });

  it('frees the workers of reconciles that ignore their signal, keeps their keys in flight, and requeues them once they settle', async () => {
    const stuck = gate();
    const runs: string[] = [];
    const controller = await start(
      async ({ name }) => {
        runs.push(name);
        if (name.startsWith('stuck') && runs.filter((n) => n === name).length === 1) await stuck.promise;
      },
      { maxConcurrentReconciles: 2 },
    );
    send('stuck-a');
    send('stuck-b');
    await until(() => runs.length === 2);
    // both workers are held; a third key still gets reconciled once they are released
    send('c');
    await until(() => runs.includes('c') && abandoned.length === 2);
    expect(abandoned).toEqual([1, 2]);
    expect(await sample(metrics, 'operant_reconcile_abandoned{controller="test"}')).toBe(2);

    // an event for an abandoned key while its run is pending: it is not handed out, though
    // a key added after it is
    send('stuck-a');
    send('d');
    await until(() => runs.includes('d'));
    expect(runs).toEqual(['stuck-a', 'stuck-b', 'c', 'd']);
    expect(controller.queue.processingLen()).toBe(2);

    stuck.open();
    const count = (name: string) => runs.filter((n) => n === name).length;
    // stuck-b: its backoff requeue; stuck-a: the event that came meanwhile (on done) and its
    // backoff requeue, which may coalesce
    await until(() => count('stuck-b') === 2 && count('stuck-a') >= 2 && controller.queue.delayedLen() === 0);
    await sleep(20);
    expect(runs.slice(0, 4)).toEqual(['stuck-a', 'stuck-b', 'c', 'd']);
    expect(count('stuck-b')).toBe(2);
    expect(count('c') + count('d')).toBe(2);
    expect(abandoned).toEqual([1, 2, 1, 0]);
    expect(await sample(metrics, 'operant_reconcile_abandoned{controller="test"}')).toBe(0);

    expect(await sample(metrics, 'controller_runtime_reconcile_errors_total{controller="test"}')).toBe(2);
    expect(await sample(metrics, 'controller_runtime_reconcile_total{controller="test",result="error"}')).toBe(2);
    expect(await sample(metrics, 'controller_runtime_reconcile_timeouts_total{controller="test"}')).toBe(2);
    expect(await sample(metrics, 'controller_runtime_reconcile_total{controller="test",result="success"}')).toBe(
      runs.length - 2,
    );
    // each settled run was requeued through the rate limiter (workqueue_retries_total)
    expect(await sample(metrics, 'workqueue_retries_total{name="test",controller="test"}')).toBe(2);

    const timedOut = lines.filter((l) => l.message.includes('timed out after'));
    expect(timedOut.map((l) => [l.level, l.fields.name])).toEqual([
      ['error', 'stuck-a'],
      ['error', 'stuck-b'],
    ]);
    expect(timedOut[0]?.message).toContain('timed out after 20 ms');
    expect(Object.keys(timedOut[0]?.fields ?? {})).toEqual(
      expect.arrayContaining(['controller', 'controllerKind', 'namespace', 'name', 'reconcileID', 'error']),
    );
    expect(String(timedOut[0]?.fields.error)).toContain('unable to reconcile Widget ns/stuck-a');
  });

  it('does not abandon a reconcile that returns within the grace after its timeout', async () => {
    let runs = 0;
    await start(
      async (_request, { signal }) => {
        runs++;
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      },
      { reconcileTimeoutGraceMs: 60_000 },
    );
    send('x');
    await until(() => outcomes.length === 1);
    expect(outcomes).toEqual(['success']);
    expect(runs).toBe(1);
    expect(abandoned).toEqual([]);
    expect(lines.filter((l) => l.message.includes('timed out after'))).toEqual([]);
    expect(await sample(metrics, 'controller_runtime_reconcile_timeouts_total{controller="test"}')).toBe(1);
  });

  it('returns from shutdown within the drain timeout while an abandoned reconcile is still running', async () => {
    const stuck = gate();
    const order: string[] = [];
    let runs = 0;
    await start(
      async () => {
        runs++;
        await stuck.promise;
        order.push('settled');
      },
      { gracefulShutdownTimeoutMs: 50 },
    );
    send('x');
    await until(() => abandoned.length === 1);
    stop.abort();
    await running;
    order.push('stopped');
    stuck.open();
    await until(() => order.length === 2);
    expect(order).toEqual(['stopped', 'settled']);
    // settled after the stop: not requeued, not run again
    await sleep(30);
    expect(runs).toBe(1);
    expect(abandoned).toEqual([1, 0]);
  });

  it('rejects a timeout that is not positive and a negative grace', () => {
    const reconcile = async () => undefined;
    expect(() => new Controller('bad', { reconcile }, { reconcileTimeoutMs: 0 })).toThrow(
      'unable to create controller bad: reconcileTimeoutMs must be positive and reconcileTimeoutGraceMs not negative',
    );
    expect(() => new Controller('bad', { reconcile }, { reconcileTimeoutMs: 10, reconcileTimeoutGraceMs: -1 })).toThrow(
      'reconcileTimeoutGraceMs not negative',
    );
  });
});
