import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Reconciler } from '../api/reconciler.js';
import { enqueueRequestForObject } from '../handler/enqueue-for-object.js';
import { channel } from '../source/channel.js';
import { itemExponentialFailureRateLimiter } from '../workqueue/rate-limiter.js';
import { Controller, type ControllerOptions } from './controller.js';

// A controller fed by a channel source: no cluster involved, real timers.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Controller.recentReconciles', () => {
  let stop: AbortController;
  let events: EventEmitter;
  let running: Promise<void> | undefined;

  beforeEach(() => {
    stop = new AbortController();
    events = new EventEmitter();
  });
  afterEach(async () => {
    stop.abort();
    await running;
  });

  const start = async (reconcile: Reconciler['reconcile'], options: ControllerOptions = {}) => {
    const controller = new Controller(
      'test',
      { reconcile },
      { rateLimiter: itemExponentialFailureRateLimiter(1, 10), recordCauses: true, ...options },
    );
    await controller.watch(channel(events, enqueueRequestForObject()));
    running = controller.start(stop.signal);
    await sleep(0);
    return controller;
  };
  const send = (name: string) => events.emit('event', { kind: 'Thing', metadata: { name, namespace: 'ns' } });
  const reconciles = (controller: Controller) => controller.recentReconciles('ns/a').keys[0]?.reconciles ?? [];
  const settled = async (controller: Controller, n: number) => {
    for (let i = 0; i < 500 && reconciles(controller).length < n; i++) await sleep(2);
    await sleep(20);
  };

  it("records each run's causes, result and error: the event, then the requeueAfter, then the retry", async () => {
    let runs = 0;
    const controller = await start(async (_req, context) => {
      runs++;
      if (runs === 1) return { requeueAfter: 5 };
      if (runs === 2) {
        context.log.info('failing now');
        throw new Error('boom');
      }
      return {};
    });
    send('a');
    await settled(controller, 3);
    const records = reconciles(controller);
    expect(records.map((r) => [r.result, r.error, r.causes.map((c) => c.source)])).toEqual([
      ['requeue_after', undefined, ['channel']],
      ['error', 'boom', ['requeueAfter']],
      ['success', undefined, ['retry']],
    ]);
    expect(records[0]).toMatchObject({ requeueAfterMs: 5, droppedCauses: 0, ownWriteCauses: 0, writes: [] });
    expect(records[0]?.causes[0]).toMatchObject({
      event: 'generic',
      kind: 'Thing',
      name: 'a',
      origin: { source: 'channel source', handler: 'enqueueRequestForObject', predicates: [] },
    });
    expect(records[1]?.causes[0]).toMatchObject({ afterMs: 5 });
    // the reconcileID is recorded when the run made one (it logged)
    expect(records.map((r) => r.reconcileID !== undefined)).toEqual([false, true, false]);
    expect(records.every((r) => r.durationMs >= 0 && r.startedAt > 0)).toBe(true);
  });

  it('keeps the last reconcileHistory.perKey runs of a key', async () => {
    let runs = 0;
    const controller = await start(async () => (++runs < 4 ? { requeueAfter: 1 } : {}), {
      reconcileHistory: { perKey: 2 },
    });
    send('a');
    for (let i = 0; i < 500 && runs < 4; i++) await sleep(2);
    await sleep(20);
    expect(reconciles(controller).map((r) => r.result)).toEqual(['requeue_after', 'success']);
  });

  it('records nothing with recordCauses: false', async () => {
    let runs = 0;
    const controller = await start(
      async () => {
        runs++;
      },
      { recordCauses: false },
    );
    send('a');
    for (let i = 0; i < 500 && runs < 1; i++) await sleep(2);
    await sleep(20);
    expect(runs).toBe(1);
    expect(controller.recentReconciles()).toEqual({ controller: 'test', keys: [] });
  });
});
