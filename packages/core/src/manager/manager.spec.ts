import { describe, expect, it } from '@jest/globals';
import { unreachableKubeConfig } from '../../test/fixtures/unreachable-kubeconfig.js';
import type { Runnable } from '../api/runnable.js';
import type { DefaultWebhookServer } from '../webhook/server.js';
import { newManager } from './manager.js';

// No informers are asked for, so nothing here talks to the (unreachable) server.
const kubeConfig = unreachableKubeConfig;

const recording = (
  name: string,
  log: string[],
  leader: boolean,
  stopDelayMs = 0,
): Runnable & { needsLeaderElection(): boolean } => ({
  needsLeaderElection: () => leader,
  async start(signal) {
    log.push(`start ${name}`);
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    await new Promise((resolve) => setTimeout(resolve, stopDelayMs));
    log.push(`stop ${name}`);
  },
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('Manager', () => {
  it('starts servers before controllers and stops controllers before servers', async () => {
    const log: string[] = [];
    const mgr = newManager({ kubeConfig: kubeConfig() });
    mgr.add(recording('controller', log, true, 30));
    mgr.add(recording('server', log, false));
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    await tick();
    mgr.add(recording('late controller', log, true));
    await tick();
    stop.abort();
    await running;
    expect(log.slice(0, 3)).toEqual(['start server', 'start controller', 'start late controller']);
    expect(log.indexOf('stop server')).toBeGreaterThan(log.indexOf('stop controller'));
    expect(log.indexOf('stop server')).toBeGreaterThan(log.indexOf('stop late controller'));
  });

  it('stops everything and rejects with the error when a runnable fails', async () => {
    const log: string[] = [];
    const mgr = newManager({ kubeConfig: kubeConfig() });
    mgr.add(recording('server', log, false));
    mgr.add({ start: async () => Promise.reject(new Error('port in use')) });
    await expect(mgr.start(new AbortController().signal)).rejects.toThrow('port in use');
    expect(log).toEqual(['start server', 'stop server']);
  });

  it('rejects when runnables outlive the graceful shutdown timeout', async () => {
    const mgr = newManager({ kubeConfig: kubeConfig(), gracefulShutdownTimeoutMs: 50 });
    mgr.add(recording('stubborn', [], true, 300));
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    await tick();
    stop.abort();
    await expect(running).rejects.toThrow('unable to stop the manager within the graceful shutdown timeout of 50 ms');
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the stubborn runnable end
  });

  it('releases the leadership after a clean stop, not after a stop past the timeout', async () => {
    const released: string[] = [];
    const run = async (name: string, stopDelayMs: number) => {
      const mgr = newManager({
        kubeConfig: kubeConfig(),
        gracefulShutdownTimeoutMs: 50,
        leaderElector: { elect: async () => undefined, release: async () => void released.push(name) },
      });
      mgr.add(recording(name, [], true, stopDelayMs));
      const stop = new AbortController();
      const running = mgr.start(stop.signal).catch(() => 'rejected');
      await tick();
      stop.abort();
      return running;
    };
    expect(await run('clean', 0)).toBeUndefined();
    expect(await run('stubborn', 300)).toBe('rejected');
    expect(released).toEqual(['clean']);
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the stubborn runnable end
  });

  it('names the flag when leader election has no namespace outside a cluster', () => {
    expect(() =>
      newManager({ kubeConfig: kubeConfig(), leaderElection: true, leaderElectionID: 'x.example.com' }),
    ).toThrow(
      'unable to start leader election: no namespace for the Lease x.example.com (not in a cluster: ' +
        'no /var/run/secrets/kubernetes.io/serviceaccount/namespace); set --leader-election-namespace',
    );
  });

  it('waits for leadership before starting controllers, and fails when it is lost', async () => {
    const log: string[] = [];
    let lose: ((err: Error) => void) | undefined;
    let elect: (() => void) | undefined;
    const mgr = newManager({
      kubeConfig: kubeConfig(),
      leaderElector: {
        elect: (_signal, lost) => {
          lose = lost;
          return new Promise<void>((resolve) => {
            elect = resolve;
          });
        },
      },
    });
    mgr.add(recording('controller', log, true));
    mgr.add(recording('server', log, false));
    const running = mgr.start(new AbortController().signal);
    await tick();
    expect(log).toEqual(['start server']);
    elect?.();
    await tick();
    expect(log).toEqual(['start server', 'start controller']);
    lose?.(new Error('leader election lost'));
    await expect(running).rejects.toThrow('leader election lost');
    await tick();
    expect(log).toContain('stop controller');
  });

  it('stops at once when the leadership is lost: no graceful period, and its client writes nothing more', async () => {
    const log: string[] = [];
    let lose: ((err: Error) => void) | undefined;
    const mgr = newManager({
      kubeConfig: kubeConfig(),
      gracefulShutdownTimeoutMs: 60_000,
      leaderElector: {
        elect: async (_signal, lost) => {
          lose = lost;
        },
      },
    });
    mgr.add(recording('controller', log, true, 300));
    const running = mgr.start(new AbortController().signal);
    await tick();
    lose?.(new Error('leader election lost: unable to renew Lease ns/x'));
    await expect(running).rejects.toThrow('leader election lost');
    expect(log).toEqual(['start controller']); // still draining: not waited for
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'default', name: 'late' } };
    await expect(mgr.client.create(configMap)).rejects.toThrow(
      'unable to create ConfigMap default/late: leader election lost: unable to renew Lease ns/x',
    );
    await expect(mgr.client.status().update(configMap)).rejects.toThrow('unable to update the status of ConfigMap');
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the controller end
  });

  it('refuses writes once the elector says it no longer leads, before it reports the loss', async () => {
    let leads = true;
    const mgr = newManager({
      kubeConfig: kubeConfig(),
      leaderElector: {
        elect: async () => undefined,
        get isLeader() {
          return leads;
        },
      },
    });
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    await mgr.elected();
    leads = false;
    await expect(
      mgr.client.delete({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'default', name: 'x' } }),
    ).rejects.toThrow('unable to delete ConfigMap default/x: this process no longer holds the leader election');
    stop.abort();
    await running;
  });

  it('keeps the leadership while the controllers drain, and ends it after them', async () => {
    const log: string[] = [];
    const mgr = newManager({
      kubeConfig: kubeConfig(),
      leaderElector: {
        elect: async (signal) => {
          signal.addEventListener('abort', () => log.push('leadership ended'), { once: true });
        },
      },
    });
    mgr.add(recording('controller', log, true, 50));
    mgr.add(recording('server', log, false));
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    await mgr.elected();
    await tick();
    stop.abort();
    await running;
    expect(log.indexOf('leadership ended')).toBeGreaterThan(log.indexOf('stop controller'));
    expect(log.indexOf('leadership ended')).toBeGreaterThan(log.indexOf('stop server'));
  });

  it('resolves elected() once it leads: on winning the Lease, or after the cache sync without an elector', async () => {
    let elect: (() => void) | undefined;
    const electing = newManager({
      kubeConfig: kubeConfig(),
      leaderElector: {
        elect: () =>
          new Promise<void>((resolve) => {
            elect = resolve;
          }),
      },
    });
    const states: string[] = [];
    void electing.elected().then(() => states.push('elected'));
    const stop = new AbortController();
    const running = electing.start(stop.signal);
    await tick();
    states.push('before the win');
    elect?.();
    await electing.elected();
    expect(states).toEqual(['before the win', 'elected']);
    stop.abort();
    await running;

    const alone = newManager({ kubeConfig: kubeConfig() });
    const stopAlone = new AbortController();
    const runningAlone = alone.start(stopAlone.signal);
    await alone.elected();
    stopAlone.abort();
    await runningAlone;
  });

  it('refuses a second start and a duplicate controller name', async () => {
    const mgr = newManager({ kubeConfig: kubeConfig() });
    mgr.registerControllerName('widget');
    expect(() => mgr.registerControllerName('widget')).toThrow(
      'unable to add controller widget: a controller with that name already exists',
    );
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    await expect(mgr.start(stop.signal)).rejects.toThrow('unable to start the manager: it was already started');
    stop.abort();
    await running;
  });

  it('creates its webhook server once, on first use, needing no leadership, with a readiness check', async () => {
    const mgr = newManager({
      kubeConfig: kubeConfig(),
      webhookServer: { port: 0, certDir: '/nonexistent' },
    });
    const server = mgr.getWebhookServer();
    expect(mgr.getWebhookServer()).toBe(server);
    expect(server.needsLeaderElection()).toBe(false);
    expect((server as DefaultWebhookServer).options).toMatchObject({ port: 0, certDir: '/nonexistent' });
    const ready = await mgr.readyz.respond('webhook', new URLSearchParams());
    expect(ready).toEqual({ status: 503, body: 'internal server error: webhook server has not been started yet\n' });
    // without certificates the server cannot start, and the manager reports why
    await expect(mgr.start(new AbortController().signal)).rejects.toThrow(
      'unable to load the serving certificate /nonexistent/tls.crt and key /nonexistent/tls.key',
    );
  });
});
