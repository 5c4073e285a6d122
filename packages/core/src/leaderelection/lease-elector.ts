/**
 * Leader election on a `coordination.k8s.io/v1` Lease, with client-go's algorithm:
 *
 * - a candidate takes the Lease when it does not exist, has no holder, or its holder has not
 *   renewed it for `leaseDurationMs` *as observed on this machine's clock* (the holder's
 *   timestamps are never compared with our clock, so clock skew cannot cause two leaders);
 * - every write carries the `resourceVersion` it read: two candidates racing for the Lease
 *   cannot both win (the second gets a conflict);
 * - the leader renews every `retryPeriodMs`; every request carries a deadline (an
 *   `AbortSignal`): `renewDeadlineMs` after the last successful renew began, on the
 *   monotonic clock. At that moment the request in flight is aborted and the leadership is
 *   reported lost, whether or not the request has returned (the manager then refuses its
 *   client's writes and stops at once), as client-go runs its renewals under a context with
 *   the renew deadline. A renew that finds another holder is a loss at once. `isLeader`
 *   turns false at the deadline even before the timer that reports it has run;
 * - a campaign's attempts are bounded by `renewDeadlineMs` too;
 * - on a clean stop with `releaseOnCancel`, it empties the holder so a standby takes over
 *   at its next retry instead of waiting for the lease to expire; that includes a Lease an
 *   attempt in flight when the stop came may have taken.
 *
 * The guarantee holds while renewDeadline < leaseDuration and clocks advance at similar
 * rates: a standby takes over no sooner than leaseDuration after it saw the last renewal,
 * which began before it was seen; the old leader stopped acting renewDeadline after that
 * renewal began (plus the time its event loop takes to run the timer). See
 * docs/reliability.md, "Leader election".
 * @module
 */
import { hostname } from 'node:os';
import type { Logger } from '../api/logger.js';
import { isConflict, isNotFound } from '../api/status-error.js';
import { formatMicroTime } from '../api/time.js';
import type { Client } from '../client/interfaces.js';
import { sleep } from '../internal/backoff.js';
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
  /** When the last successful acquire or renew began. */
  private renewedAt = Number.NEGATIVE_INFINITY;
  /** A write naming this identity was sent: the Lease may be ours (release checks it). */
  private wrote = false;
  private lostLeadership = false;
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

  /** True while it leads: elected, not lost, and its last successful renew began less than renewDeadline ago. */
  get isLeader(): boolean {
    return this.leading && this.remaining() > 0;
  }

  async elect(signal: AbortSignal, lost: (err: Error) => void): Promise<void> {
    const log = this.options.logger;
    log.info('attempting to acquire leader lease', { lease: this.leaseName, identity: this.identity });
    while (!signal.aborted) {
      const startedAt = performance.now();
      if (await this.attempt(AbortSignal.any([signal, AbortSignal.timeout(this.renewDeadlineMs)]))) {
        this.renewedAt = startedAt;
        break;
      }
      await sleep(this.jitter(), signal);
    }
    if (signal.aborted) return; // an acquire that raced the stop is given up by release()
    this.setLeading(true);
    log.info('successfully acquired lease', { lease: this.leaseName, identity: this.identity });
    this.renewing = this.renewLoop(signal, lost);
  }

  /**
   * Waits for the renew loop to end; with `releaseOnCancel`, and unless the leadership was
   * lost, gives the Lease up if it names this identity (also after an acquire that raced the stop).
   */
  async release(): Promise<void> {
    await this.renewing;
    if (this.wrote && !this.lostLeadership && this.options.releaseOnCancel) await this.giveUp();
    this.setLeading(false);
  }

  private async giveUp(): Promise<void> {
    const signal = AbortSignal.timeout(this.renewDeadlineMs);
    try {
      const lease = await this.options.client.get(LeaseType, this.key, { signal });
      if (lease.spec?.holderIdentity !== this.identity) return;
      const now = formatMicroTime(new Date());
      // client-go's release: no holder, a 1 s lease, renewed and acquired now
      await this.options.client.update<Lease>(
        {
          ...lease,
          spec: { ...lease.spec, holderIdentity: '', leaseDurationSeconds: 1, renewTime: now, acquireTime: now },
        },
        { signal },
      );
      this.options.logger.info('released the leader lease', { lease: this.leaseName, identity: this.identity });
    } catch (err) {
      this.options.logger.error('unable to release the leader lease', { lease: this.leaseName, error: err });
    }
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

  /** Ms until the renew deadline (<= 0 once it passed, or after a loss). */
  private remaining(): number {
    return this.lostLeadership ? 0 : this.renewedAt + this.renewDeadlineMs - performance.now();
  }

  private setLeading(leading: boolean): void {
    if (this.leading === leading) return;
    this.leading = leading;
    this.options.onLeading?.(leading);
  }

  /**
   * Renews every retry period. Each attempt runs under the renew deadline: at the deadline
   * the attempt is aborted and the loss reported at once, without waiting for it to return.
   */
  private async renewLoop(signal: AbortSignal, lost: (err: Error) => void): Promise<void> {
    while (!signal.aborted) {
      await sleep(Math.min(this.retryPeriodMs, Math.max(0, this.remaining())), signal);
      if (signal.aborted) return;
      const remaining = this.remaining();
      const late = `unable to renew Lease ${this.leaseName} within the renew deadline (${this.renewDeadlineMs} ms)`;
      if (remaining <= 0) return this.lose(lost, late);
      const startedAt = performance.now();
      const deadline = AbortSignal.timeout(Math.ceil(remaining));
      const renewed = await this.attempt(AbortSignal.any([signal, deadline]));
      if (signal.aborted) return;
      if (renewed && !deadline.aborted) {
        this.renewedAt = startedAt;
        continue;
      }
      if (this.observedOtherHolder) return this.lose(lost, `Lease ${this.leaseName} is held by another identity`);
      if (deadline.aborted || this.remaining() <= 0) return this.lose(lost, late);
    }
  }

  /** `tryAcquireOrRenew` under `signal`: false as soon as it aborts, whether or not the request has returned. */
  private attempt(signal: AbortSignal): Promise<boolean> {
    const aborted = new Promise<false>((resolve) => {
      if (signal.aborted) resolve(false);
      else signal.addEventListener('abort', () => resolve(false), { once: true });
    });
    return Promise.race([this.tryAcquireOrRenew(signal), aborted]);
  }

  private lose(lost: (err: Error) => void, reason: string): void {
    this.lostLeadership = true;
    this.setLeading(false);
    this.options.logger.error('leader election lost', { lease: this.leaseName, identity: this.identity, reason });
    lost(new Error(`leader election lost: ${reason}`));
  }

  /** One round of client-go's tryAcquireOrRenew under `signal`; true when we hold the Lease afterwards. */
  private async tryAcquireOrRenew(signal: AbortSignal): Promise<boolean> {
    const client = this.options.client;
    const spec = {
      holderIdentity: this.identity,
      leaseDurationSeconds: Math.ceil(this.leaseDurationMs / 1000),
      renewTime: formatMicroTime(new Date()),
    };
    let current: Lease;
    try {
      current = await client.get(LeaseType, this.key, { signal });
    } catch (err) {
      if (!isNotFound(err)) return this.failed(err, signal);
      try {
        this.wrote = true;
        await client.create<Lease>(
          {
            apiVersion: 'coordination.k8s.io/v1',
            kind: 'Lease',
            metadata: this.key,
            spec: { ...spec, acquireTime: spec.renewTime, leaseTransitions: 0 },
          },
          { signal },
        );
        this.observe(spec.holderIdentity, spec.renewTime);
        return true;
      } catch (createErr) {
        return this.failed(createErr, signal);
      }
    }
    const holder = current.spec?.holderIdentity ?? '';
    this.observe(holder, current.spec?.renewTime ?? '');
    const expired = performance.now() - (this.observed?.at ?? 0) > (current.spec?.leaseDurationSeconds ?? 0) * 1000;
    if (holder !== '' && holder !== this.identity && !expired) {
      this.observedOtherHolder = this.leading;
      return false;
    }
    const transition = holder !== this.identity;
    try {
      this.wrote = true;
      const updated = await client.update<Lease>(
        {
          ...current,
          spec: {
            ...current.spec,
            ...spec,
            acquireTime: transition ? spec.renewTime : current.spec?.acquireTime,
            leaseTransitions: (current.spec?.leaseTransitions ?? 0) + (transition ? 1 : 0),
          },
        },
        { signal },
      );
      this.observe(this.identity, updated.spec?.renewTime ?? spec.renewTime);
      return true;
    } catch (err) {
      return this.failed(err, signal);
    }
  }

  private observe(holder: string, renewTime: string): void {
    const key = `${holder}@${renewTime}`;
    if (this.observed?.key !== key) this.observed = { key, at: performance.now() };
  }

  private failed(err: unknown, signal: AbortSignal): false {
    if (!isConflict(err) && !signal.aborted) {
      this.options.logger.warn('unable to acquire or renew the leader lease', {
        lease: this.leaseName,
        error: err,
      });
    }
    return false;
  }
}
