/**
 * A sharded controller asks its ShardGate before each reconcile: a key that is not its own
 * is forgotten, one it cannot start now is retried later, an admitted run is released once
 * it settles, and keys the gate names on activation are queued.
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { ShardAdmission, ShardGate } from '../api/shard-gate.js';
import { enqueueRequestForObject } from '../handler/enqueue-for-object.js';
import { channel } from '../source/channel.js';
import { Controller } from './controller.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(2);
  }
}

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

describe('Controller with a ShardGate', () => {
  let stop: AbortController;
  let events: EventEmitter;
  let running: Promise<void> | undefined;
  let gate: TableGate;
  let reconciled: string[];

  beforeEach(() => {
    stop = new AbortController();
    events = new EventEmitter();
    gate = new TableGate();
    reconciled = [];
    running = undefined;
  });
  afterEach(async () => {
    stop.abort();
    await running;
  });

  const start = async () => {
    const controller = new Controller(
      'sharded',
      {
        reconcile: async (req) => {
          reconciled.push(`${req.namespace}/${req.name}`);
          expect(gate.released).not.toContain(`${req.namespace}/${req.name}`);
          return {};
        },
      },
      { shard: gate },
    );
    await controller.watch(channel(events, enqueueRequestForObject()));
    running = controller.start(stop.signal);
    await sleep(0);
    return controller;
  };
  const send = (name: string) => events.emit('event', { metadata: { name, namespace: 'ns' } });

  it('reconciles admitted keys and releases each after its run, forgets keys not its own', async () => {
    gate.answers.set('ns/mine', 'admit');
    const controller = await start();
    send('theirs');
    send('mine');
    await until(() => gate.released.includes('ns/mine') && gate.asked.includes('ns/theirs'));
    expect(reconciled).toEqual(['ns/mine']);
    expect(controller.queue.numRequeues('ns/theirs')).toBe(0);
    expect(controller.queue.len() + controller.queue.delayedLen()).toBe(0);
  });

  it('retries a key it may not start now, and runs it once the gate admits it', async () => {
    gate.answers.set('ns/later', 'later');
    await start();
    send('later');
    await until(() => gate.asked.filter((k) => k === 'ns/later').length >= 2);
    expect(reconciled).toEqual([]);
    gate.answers.set('ns/later', 'admit');
    await until(() => reconciled.includes('ns/later'));
  });

  it('queues the keys the gate names when ranges become active', async () => {
    await start();
    await until(() => gate.enqueue !== undefined);
    gate.answers.set('ns/a', 'admit');
    gate.answers.set('ns/b', 'admit');
    gate.enqueue?.(['ns/a', 'ns/b']);
    await until(() => reconciled.length === 2);
    expect(reconciled.sort()).toEqual(['ns/a', 'ns/b']);
    expect(gate.released.sort()).toEqual(['ns/a', 'ns/b']);
  });
});
