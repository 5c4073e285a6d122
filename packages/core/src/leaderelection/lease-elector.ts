/**
 * Leader election on a `coordination.k8s.io/v1` Lease, with client-go's algorithm:
 *
 * - a candidate takes the Lease when it does not exist, has no holder, or its holder has not
 *   renewed it for `leaseDurationMs` *as observed on this machine's clock* (the holder's
 *   timestamps are never compared with our clock, so clock skew cannot cause two leaders);
 * - every write carries the `resourceVersion` it read: two candidates racing for the Lease
 *   cannot both win (the second gets a conflict);
 * - the leader renews every `retryPeriodMs`; if no renewal succeeded for `renewDeadlineMs`
 *   it reports the leadership lost (the manager then stops with an error);
 * - on a clean stop with `releaseOnCancel`, it empties the holder so a standby takes over
 *   at its next retry instead of waiting for the lease to expire.
 *
 * The guarantee holds while renewDeadline < leaseDuration and clocks advance at similar rates.
 * @module
 */
import { hostname } from 'node:os';
import type { Logger } from '../api/logger.js';
import { sleep } from '../cache/backoff.js';
import { isConflict, isNotFound } from '../client/errors.js';
import type { Client } from '../client/interfaces.js';
import { microTime } from '../client/micro-time.js';
import type { LeaderElector } from './leader-elector.js';
import { type Lease, LeaseType } from './lease.js';

export interface LeaseElectorOptions {
  client: Client;
  namespace: string;
  name: string;
  /** Default `<hostname>_<uuid>`. */
  identity?: string;
  leaseDurationMs?: number;
  renewDeadlineMs?: number;
  retryPeriodMs?: number;
  releaseOnCancel?: boolean;
  logger: Logger;
  /** Called with true when this process leads, false when it stops leading. */
  onLeading?: (leading: boolean) => void;
}

export class LeaseElector implements LeaderElector {
  readonly identity: string;
  private readonly leaseDurationMs: number;
  private readonly renewDeadlineMs: number;
  private readonly retryPeriodMs: number;
  /** The holder and renewTime we last saw, and when we saw them change. */
  private observed: { key: string; at: number } | undefined;
  private leading = false;
  private observedOtherHolder = false;
  private renewing: Promise<void> | undefined;

  constructor(private readonly options: LeaseElectorOptions) {
    this.identity = options.identity ?? `${hostname()}_${process.getBuiltinModule('node:crypto').randomUUID()}`;
    this.leaseDurationMs = options.leaseDurationMs ?? 15_000;
    this.renewDeadlineMs = options.renewDeadlineMs ?? 10_000;
    this.retryPeriodMs = options.retryPeriodMs ?? 2_000;
    if (!(this.renewDeadlineMs < this.leaseDurationMs) || !(this.retryPeriodMs < this.renewDeadlineMs)) {
      throw new Error(
        `unable to set up leader election for Lease ${options.namespace}/${options.name}: ` +
          'retryPeriod < renewDeadline < leaseDuration is required',
      );
    }
  }

  get isLeader(): boolean {
    return this.leading;
  }

  async elect(signal: AbortSignal, lost: (err: Error) => void): Promise<void> {
    const log = this.options.logger;
    log.info('attempting to acquire leader lease', { lease: this.leaseName, identity: this.identity });
    while (!signal.aborted) {
      if (await this.tryAcquireOrRenew()) break;
      await sleep(this.jitter(), signal);
    }
    if (signal.aborted) return;
    this.setLeading(true);
    log.info('successfully acquired lease', { lease: this.leaseName, identity: this.identity });
    this.renewing = this.renewLoop(signal, lost);
  }

  /** Waits for the renew loop to end; releases the Lease if asked to and still held. */
  async release(): Promise<void> {
    await this.renewing;
    if (!this.leading || !this.options.releaseOnCancel) {
      this.setLeading(false);
      return;
    }
    try {
      const lease = await this.options.client.get(LeaseType, this.key);
      if (lease.spec?.holderIdentity === this.identity) {
        const now = microTime(new Date());
        // client-go's release: no holder, a 1 s lease, renewed and acquired now
        await this.options.client.update<Lease>({
          ...lease,
          spec: { ...lease.spec, holderIdentity: '', leaseDurationSeconds: 1, renewTime: now, acquireTime: now },
        });
      }
    } catch (err) {
      this.options.logger.error('unable to release the leader lease', { lease: this.leaseName, error: err });
    }
    this.setLeading(false);
  }

  private get key() {
    return { namespace: this.options.namespace, name: this.options.name };
  }

  private get leaseName(): string {
    return `${this.options.namespace}/${this.options.name}`;
  }

  private jitter(): number {
    return this.retryPeriodMs * (1 + Math.random() * 0.2);
  }

  private setLeading(leading: boolean): void {
    if (this.leading === leading) return;
    this.leading = leading;
    this.options.onLeading?.(leading);
  }

  private async renewLoop(signal: AbortSignal, lost: (err: Error) => void): Promise<void> {
    let lastRenew = Date.now();
    while (!signal.aborted) {
      await sleep(this.retryPeriodMs, signal);
      if (signal.aborted) return;
      if (await this.tryAcquireOrRenew()) {
        lastRenew = Date.now();
        continue;
      }
      if (Date.now() - lastRenew >= this.renewDeadlineMs || this.observedOtherHolder) {
        this.setLeading(false);
        this.options.logger.error('leader election lost', { lease: this.leaseName, identity: this.identity });
        lost(new Error(`leader election lost: Lease ${this.leaseName}`));
        return;
      }
    }
  }

  /** One round of client-go's tryAcquireOrRenew; true when we hold the Lease afterwards. */
  private async tryAcquireOrRenew(): Promise<boolean> {
    const client = this.options.client;
    const now = new Date();
    const spec = {
      holderIdentity: this.identity,
      leaseDurationSeconds: Math.ceil(this.leaseDurationMs / 1000),
      renewTime: microTime(now),
    };
    let current: Lease;
    try {
      current = await client.get(LeaseType, this.key);
    } catch (err) {
      if (!isNotFound(err)) return this.failed(err);
      try {
        await client.create<Lease>({
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: this.key,
          spec: { ...spec, acquireTime: spec.renewTime, leaseTransitions: 0 },
        });
        this.observe(spec.holderIdentity, spec.renewTime);
        return true;
      } catch (createErr) {
        return this.failed(createErr);
      }
    }
    const holder = current.spec?.holderIdentity ?? '';
    this.observe(holder, current.spec?.renewTime ?? '');
    const expired = Date.now() - (this.observed?.at ?? 0) > (current.spec?.leaseDurationSeconds ?? 0) * 1000;
    if (holder !== '' && holder !== this.identity && !expired) {
      this.observedOtherHolder = this.leading;
      return false;
    }
    const transition = holder !== this.identity;
    try {
      const updated = await client.update<Lease>({
        ...current,
        spec: {
          ...current.spec,
          ...spec,
          acquireTime: transition ? spec.renewTime : current.spec?.acquireTime,
          leaseTransitions: (current.spec?.leaseTransitions ?? 0) + (transition ? 1 : 0),
        },
      });
      this.observe(this.identity, updated.spec?.renewTime ?? spec.renewTime);
      return true;
    } catch (err) {
      return this.failed(err);
    }
  }

  private observe(holder: string, renewTime: string): void {
    const key = `${holder}@${renewTime}`;
    if (this.observed?.key !== key) this.observed = { key, at: Date.now() };
  }

  private failed(err: unknown): false {
    if (!isConflict(err)) {
      this.options.logger.warn('unable to acquire or renew the leader lease', {
        lease: this.leaseName,
        error: err,
      });
    }
    return false;
  }
}
