import { describe, expect, it } from '@jest/globals';
import { unreachableKubeConfig } from '../../test/fixtures/unreachable-kubeconfig.js';
import type { Runnable } from '../api/runnable.js';
import { newManager } from './manager.js';

// The manager's warm-up order with a hand-driven elector; no informers, so nothing talks to the server.
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

const warming = (name: string, log: string[], leader = true): Runnable =>
  ({
    needsLeaderElection: () => leader,
    async warmup(signal: AbortSignal) {
      log.push(`warmup ${name}`);
      expect(signal.aborted).toBe(false);
    },
    async start(signal: AbortSignal) {
      log.push(`start ${name}`);
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    },
  }) as Runnable;

describe('Manager warmup', () => {
  it('warms leader runnables up before it leads, those added later too, and starts them once elected', async () => {
    const log: string[] = [];
    let elect: (() => void) | undefined;
    const mgr = newManager({
      kubeConfig: unreachableKubeConfig(),
      leaderElector: {
        elect: () =>
          new Promise<void>((resolve) => {
            log.push('campaign');
            elect = resolve;
          }),
      },
    });
    mgr.add(warming('a', log));
    mgr.add(warming('server', log, false));
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    await tick();
    mgr.add(warming('b', log));
    await tick();
    expect(log).toEqual(['start server', 'warmup a', 'campaign', 'warmup b']);
    elect?.();
    await mgr.elected();
    await tick();
    expect(log.slice(4).sort()).toEqual(['start a', 'start b']);
    stop.abort();
    await running;
  });

  it('stops with the error of a warm-up that fails, never starting the runnable', async () => {
    const log: string[] = [];
    const mgr = newManager({
      kubeConfig: unreachableKubeConfig(),
      leaderElector: {
        elect: (signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())),
      },
    });
    mgr.add({
      start: async () => {
        log.push('start');
      },
      warmup: async () => {
        throw new Error('unable to sync kind source: Widget');
      },
    } as Runnable);
    await expect(mgr.start(new AbortController().signal)).rejects.toThrow('unable to sync kind source: Widget');
    expect(log).toEqual([]);
  });
});
