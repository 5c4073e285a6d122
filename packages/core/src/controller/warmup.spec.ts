import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { eventually } from '../../test/fixtures/helpers.js';
import type { RequestQueue } from '../api/event-handler.js';
import type { Request } from '../api/request.js';
import type { Source } from '../api/source.js';
import { enqueueRequestForObject } from '../handler/enqueue-for-object.js';
import { channel } from '../source/channel.js';
import { Controller, type ControllerOptions } from './controller.js';

// Warm-up without a cluster: a channel source (events) and a counting source (starts, syncs).
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A source that counts its starts and syncs, with the queue it was given. */
function counting(): Source & { starts: number; syncs: number; queue?: RequestQueue } {
  return {
    starts: 0,
    syncs: 0,
    async start(_signal, queue) {
      this.starts++;
      this.queue = queue;
    },
    async waitForSync() {
      this.syncs++;
    },
    toString: () => 'counting source',
  };
}

function controller(seen: Request[], options: ControllerOptions = {}) {
  return new Controller(
    'warm',
    {
      async reconcile(request) {
        seen.push(request);
      },
    },
    options,
  );
}

describe('Controller warmup', () => {
  it('starts and syncs its sources before start, queues their events unreconciled, and starts them once', async () => {
    const seen: Request[] = [];
    const events = new EventEmitter();
    const source = counting();
    const c = controller(seen);
    await c.watch(channel(events, enqueueRequestForObject()));
    await c.watch(source);
    const stop = new AbortController();
    await c.warmup(stop.signal);
    expect([source.starts, source.syncs]).toEqual([1, 1]);
    events.emit('event', { metadata: { namespace: 'ns', name: 'a' } });
    events.emit('event', { metadata: { namespace: 'ns', name: 'a' } });
    events.emit('event', { metadata: { namespace: 'ns', name: 'b' } });
    await sleep(20);
    expect(seen).toEqual([]); // no workers before start
    expect(c.queue.len()).toBe(2); // one key each

    const running = c.start(stop.signal);
    await eventually(() => expect(seen).toHaveLength(2));
    expect(seen.map((r) => r.name).sort()).toEqual(['a', 'b']);
    expect([source.starts, source.syncs]).toEqual([1, 1]);
    stop.abort();
    await running;
  });

  it('starts a source watched after warmup at once', async () => {
    const c = controller([]);
    const stop = new AbortController();
    await c.warmup(stop.signal);
    const late = counting();
    await c.watch(late);
    expect(late.starts).toBe(1);
    stop.abort();
  });

  it('does nothing before start with enableWarmup false or without leader election', async () => {
    for (const options of [{ enableWarmup: false }, { needLeaderElection: false }]) {
      const source = counting();
      const c = controller([], options);
      await c.watch(source);
      const stop = new AbortController();
      await c.warmup(stop.signal);
      expect(source.starts).toBe(0);
      const running = c.start(stop.signal);
      await eventually(() => expect(source.syncs).toBe(1));
      expect(source.starts).toBe(1);
      stop.abort();
      await running;
    }
  });

  it('shuts its queue down when stopped while warm, never having led', async () => {
    const c = controller([]);
    await c.watch(counting());
    const stop = new AbortController();
    await c.warmup(stop.signal);
    expect(c.queue.shuttingDown).toBe(false);
    stop.abort();
    expect(c.queue.shuttingDown).toBe(true);
  });
});
