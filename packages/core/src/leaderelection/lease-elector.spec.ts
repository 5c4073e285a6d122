/**
 * LeaseElector's deadlines, against an in-memory Lease whose API server can be made to hang:
 * a renew that cannot complete is aborted at the renew deadline and the loss reported then,
 * and a Lease taken by an acquire that raced the stop is released. The rest runs against the
 * real control plane (test/leaderelection.int.spec.ts, examples' leader fault specs).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { noopLogger } from '../api/logger.js';
import type { KubernetesObject } from '../api/object.js';
import { ClientError } from '../api/status-error.js';
import type { CallOptions, Client } from '../client/interfaces.js';
import type { Lease } from './lease.js';
import { LeaseElector } from './lease-elector.js';

type Answer = 'answer' | 'hang' | 'hangUntilAborted';

/** One Lease with resourceVersions; `mode` makes every request answer, hang, or hang until its signal aborts. */
class FakeLeases {
  lease: Lease | undefined;
  mode: Answer = 'answer';
  /** Every request's signal, in order. */
  readonly signals: AbortSignal[] = [];
  /** When each successful write was sent (performance.now()). */
  readonly writesSentAt: number[] = [];
  /** Holds the answers to writes (applied at once) until it is opened. */
  gate: Promise<void> | undefined;
  private version = 0;

  client(): Client {
    return {
      get: async (_type: unknown, _key: unknown, options?: CallOptions) =>
        this.answer(options, () => {
          if (this.lease === undefined) throw new ClientError('notFound', 'unable to get Lease ns/leader: not found');
          return structuredClone(this.lease);
        }),
      create: async (obj: KubernetesObject, options?: CallOptions) => this.answer(options, () => this.write(obj, true)),
      update: async (obj: KubernetesObject, options?: CallOptions) =>
        this.answer(options, () => this.write(obj, false)),
    } as unknown as Client;
  }

  private async answer<T>(options: CallOptions | undefined, apply: () => T): Promise<T> {
    const signal = options?.signal;
    if (signal !== undefined) this.signals.push(signal);
    if (this.mode === 'hang') return new Promise<T>(() => undefined);
    if (this.mode === 'hangUntilAborted') {
      return new Promise<T>((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(new ClientError('aborted', 'request aborted')), { once: true }),
      );
    }
    const result = apply();
    await this.gate;
    return result;
  }

  private write(obj: KubernetesObject, create: boolean): KubernetesObject {
    const lease = obj as Lease;
    if (create && this.lease !== undefined) throw new ClientError('alreadyExists', 'unable to create Lease');
    if (!create && lease.metadata?.resourceVersion !== this.lease?.metadata?.resourceVersion) {
      throw new ClientError('conflict', 'unable to update Lease ns/leader: conflict');
    }
    this.version++;
    this.lease = { ...structuredClone(lease), metadata: { ...lease.metadata, resourceVersion: String(this.version) } };
    this.writesSentAt.push(performance.now());
    return structuredClone(this.lease);
  }
}

const timing = { leaseDurationMs: 1000, renewDeadlineMs: 600, retryPeriodMs: 100 };
/**
 * How much earlier than the renew deadline the loss may be seen (the last renew was sent a
 * little after its attempt began). There is no upper slack: a busy machine may fire any timer
 * late, so the bound above is what leader election guarantees, that the loss is reported before
 * the Lease expires and another candidate can take it.
 */
const SLACK_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LeaseElector', () => {
  let stop: AbortController;
  afterEach(() => stop?.abort());

  const elector = (leases: FakeLeases, releaseOnCancel = false) =>
    new LeaseElector({
      client: leases.client(),
      namespace: 'ns',
      name: 'leader',
      identity: 'a',
      logger: noopLogger,
      releaseOnCancel,
      ...timing,
    });

  /** Elects, lets it renew a few times, then makes the API server answer as `mode`; resolves with the loss. */
  async function loseWith(mode: Answer) {
    const leases = new FakeLeases();
    const a = elector(leases);
    stop = new AbortController();
    let lostAt: number | undefined;
    let lost: Error | undefined;
    await a.elect(stop.signal, (err) => {
      lostAt = performance.now();
      lost = err;
    });
    await sleep(350);
    leases.mode = mode;
    const hungFrom = leases.signals.length;
    const lastRenewSentAt = leases.writesSentAt.at(-1) as number;
    while (lostAt === undefined && performance.now() - lastRenewSentAt < 5000) await sleep(10);
    return {
      a,
      leases,
      lost,
      sinceLastRenew: (lostAt ?? Number.NaN) - lastRenewSentAt,
      hung: leases.signals.slice(hungFrom),
    };
  }

  it('keeps renewing and leading while the API server answers', async () => {
    const leases = new FakeLeases();
    const a = elector(leases);
    stop = new AbortController();
    let lost: Error | undefined;
    await a.elect(stop.signal, (err) => {
      lost = err;
    });
    await sleep(3 * timing.renewDeadlineMs);
    expect(lost).toBeUndefined();
    expect(a.isLeader).toBe(true);
    expect(leases.writesSentAt.length).toBeGreaterThan(5);
  });

  it('aborts a renew that hangs at the renew deadline and reports the loss then', async () => {
    const { a, lost, sinceLastRenew, hung } = await loseWith('hangUntilAborted');
    expect(lost?.message).toBe(
      'leader election lost: unable to renew Lease ns/leader within the renew deadline (600 ms)',
    );
    expect(sinceLastRenew).toBeLessThan(timing.leaseDurationMs);
    expect(sinceLastRenew).toBeGreaterThanOrEqual(timing.renewDeadlineMs - SLACK_MS);
    expect(hung.length).toBeGreaterThan(0);
    expect(hung.every((signal) => signal.aborted)).toBe(true);
    expect(a.isLeader).toBe(false);
  });

  it('reports the loss at the renew deadline even when the request ignores its signal', async () => {
    const { a, lost, sinceLastRenew } = await loseWith('hang');
    expect(lost?.message).toMatch(/^leader election lost: unable to renew Lease ns\/leader/);
    expect(sinceLastRenew).toBeLessThan(timing.leaseDurationMs);
    expect(sinceLastRenew).toBeGreaterThanOrEqual(timing.renewDeadlineMs - SLACK_MS);
    expect(a.isLeader).toBe(false);
  });

  it('releases a Lease that an acquire racing the stop took', async () => {
    const leases = new FakeLeases();
    let open!: () => void;
    leases.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const a = elector(leases, true);
    stop = new AbortController();
    const electing = a.elect(stop.signal, () => undefined);
    await sleep(20); // the create reached the API server; its answer is held
    expect(leases.lease?.spec?.holderIdentity).toBe('a');
    stop.abort();
    open();
    await electing;
    expect(a.isLeader).toBe(false);
    await a.release();
    expect(leases.lease?.spec?.holderIdentity).toBe('');
  });

  it('leaves the Lease alone on release when it never wrote it, or was not asked to release', async () => {
    const leases = new FakeLeases();
    leases.lease = {
      metadata: { resourceVersion: '0' },
      spec: { holderIdentity: 'b', renewTime: 'now', leaseDurationSeconds: 1 },
    };
    const a = elector(leases, true);
    stop = new AbortController();
    const electing = a.elect(stop.signal, () => undefined);
    await sleep(20);
    stop.abort();
    await electing;
    await a.release();
    expect(leases.lease?.spec?.holderIdentity).toBe('b');

    const kept = new FakeLeases();
    const b = elector(kept, false);
    const stopB = new AbortController();
    await b.elect(stopB.signal, () => undefined);
    stopB.abort();
    await b.release();
    expect(kept.lease?.spec?.holderIdentity).toBe('a');
  });
});
