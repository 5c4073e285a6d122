/**
 * One shard member's Lease and its view of the group (docs/sharding.md, "Membership" and
 * "Fenced hand-off"), with the leader elector's timing and client-go's rules:
 *
 * - each member creates its own Lease `<group>-<identity>` (labelled with the group,
 *   annotated with its shard config and held ranges) and renews it every retry period; it
 *   never recreates it: a renew that finds it deleted, or held by another identity, is a loss;
 * - it is **fresh** while its last successful write was *sent* less than `renewDeadline` ago
 *   on the monotonic clock; when no renew succeeded for that long it reports the loss (the
 *   caller stops, as the manager does on losing leader election);
 * - the others' Leases are live while their `resourceVersion` changed within their lease
 *   duration as observed locally (`LeaseObservations`); an expired one may be deleted,
 *   with its `resourceVersion` as precondition, so a member that was only frozen finds its
 *   Lease gone at its next renew;
 * - every write carries the `resourceVersion` it read, and writes (renews and `setHolds`)
 *   go through one chain, so they never race each other;
 * - every request carries a deadline: renews, `setHolds`, lists and deletes of expired
 *   Leases are aborted at the renew deadline; creating, taking over and deleting its own
 *   Lease, renewDeadline after they are sent.
 *
 * The guarantee holds while renewDeadline < leaseDuration and clocks advance at similar rates.
 * Its options and timing defaults are `membership-options.ts`; what it reports of each
 * member, `member-view.ts`.
 * @module
 */
import { hostname } from 'node:os';
import type { Logger } from '../api/logger.js';
import { ignoreNotFound, isAlreadyExists, isConflict, isNotFound } from '../api/status-error.js';
import { sleep } from '../internal/backoff.js';
import { formatRuns, SHARD_GROUP_LABEL } from './labels.js';
import { LeaseObservations } from './lease-observations.js';
import { type MemberLease, MemberLeaseType, memberLeaseName, ownLease } from './member-lease.js';
import type { MemberView } from './member-view.js';
import { membershipTiming, type ShardMembershipOptions } from './membership-options.js';

/** Conflicts a write re-reads and retries before giving up (only the owner writes its Lease). */
const MAX_CONFLICTS = 5;

export class ShardMembership {
  readonly identity: string;
  readonly leaseName: string;
  private readonly leaseDurationMs: number;
  private readonly renewDeadlineMs: number;
  private readonly retryPeriodMs: number;
  private readonly now: () => number;
  private readonly log: Logger;
  private readonly observations: LeaseObservations;
  private readonly listeners = new Set<() => void>();
  /** Its own Lease as last written successfully. */
  private own: MemberLease | undefined;
  private held: ReadonlySet<number> = new Set();
  private lastRenewSentAt = Number.NEGATIVE_INFINITY;
  private lostError: Error | undefined;
  private onLost: ((err: Error) => void) | undefined;
  private writes: Promise<unknown> = Promise.resolve();
  private renewing: Promise<void> | undefined;
  private listsSent = 0;
  private listApplied = 0;
  private signature = '';

  constructor(private readonly options: ShardMembershipOptions) {
    this.identity = options.identity ?? `${hostname()}_${process.getBuiltinModule('node:crypto').randomUUID()}`;
    this.leaseName = memberLeaseName(options.group, this.identity);
    ({
      leaseDurationMs: this.leaseDurationMs,
      renewDeadlineMs: this.renewDeadlineMs,
      retryPeriodMs: this.retryPeriodMs,
      now: this.now,
    } = membershipTiming(options));
    this.log = options.logger.child({ lease: this.where, identity: this.identity });
    this.observations = new LeaseObservations(this.leaseDurationMs, this.log);
    if (!(this.renewDeadlineMs < this.leaseDurationMs) || !(this.retryPeriodMs < this.renewDeadlineMs)) {
      throw new Error(
        `unable to set up shard membership for Lease ${this.where}: ` +
          'retryPeriod < renewDeadline < leaseDuration is required',
      );
    }
  }

  /**
   * Creates its own Lease (holding nothing), lists the group's Leases once and resolves;
   * then renews and re-lists every retry period until `signal` aborts. Calls `lost` once
   * (and stops renewing) when no renew succeeded within renewDeadline of sending the last
   * successful one, or a renew finds its Lease deleted or held by another identity. Rejects
   * when a Lease of its name is held by another identity (live: it was just seen).
   */
  async start(signal: AbortSignal, lost: (err: Error) => void): Promise<void> {
    this.onLost = lost;
    await this.acquire(signal);
    this.log.info('created the shard member Lease');
    await this.listGroup(this.deadlineSignal(signal));
    this.renewing = this.renewLoop(signal);
  }

  /** The latest view of the group, self included, sorted by identity. */
  view(): MemberView[] {
    const now = this.now();
    const views: MemberView[] = this.observations.all().map((seen) => ({
      identity: seen.identity,
      live: this.observations.isLive(seen, now),
      holds: seen.holds,
      config: seen.config,
      since: seen.since,
      resourceVersion: seen.resourceVersion,
      self: false,
    }));
    if (this.own !== undefined) {
      views.push({
        identity: this.identity,
        live: this.fresh(),
        holds: this.held,
        config: this.config,
        since: this.own.spec?.acquireTime ?? '',
        resourceVersion: this.own.metadata?.resourceVersion ?? '',
        self: true,
      });
    }
    return views.sort((a, b) => (a.identity < b.identity ? -1 : a.identity > b.identity ? 1 : 0));
  }

  /** Its last successful renew was sent less than renewDeadline ago, and it was not lost. */
  fresh(): boolean {
    return this.lostError === undefined && this.own !== undefined && this.remaining() > 0;
  }

  /** What its own Lease says it holds (as last written successfully). */
  holds(): ReadonlySet<number> {
    return this.held;
  }

  /**
   * Writes the ranges it holds on its own Lease (with its resourceVersion; a renew too),
   * after any write before it; re-reads and retries on a conflict; a deleted Lease is a loss.
   */
  setHolds(ranges: Iterable<number>): Promise<void> {
    const holds: ReadonlySet<number> = new Set([...ranges].sort((a, b) => a - b));
    return this.serialized(() => this.write(holds, this.deadlineSignal()));
  }

  /** A quorum read: lists the group's Leases now, updates the observations, returns the view. */
  refresh(): Promise<MemberView[]> {
    return this.listGroup(this.deadlineSignal());
  }

  /**
   * Deletes another member's Lease (with the resourceVersion last seen as precondition) if
   * it is not live: true when deleted or already gone, false if it is live or renewed meanwhile.
   */
  async deleteExpired(identity: string): Promise<boolean> {
    if (identity === this.identity) return false;
    const seen = this.observations.find(identity);
    if (seen === undefined) return true;
    if (this.observations.isLive(seen, this.now())) return false;
    const where = `${this.options.namespace}/${seen.name}`;
    try {
      await this.options.client.delete(
        {
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: { namespace: this.options.namespace, name: seen.name },
        },
        { preconditions: { resourceVersion: seen.resourceVersion }, signal: this.deadlineSignal() },
      );
      this.log.info('deleted the expired Lease of a shard member', { expired: where, expiredIdentity: identity });
    } catch (err) {
      if (isConflict(err)) return false;
      if (!isNotFound(err)) throw err;
    }
    this.observations.forget(seen.name);
    this.listApplied = this.listsSent; // a list sent before the delete would bring it back
    this.emitIfChanged();
    return true;
  }

  /** Called after any change of the view; returns an unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** After `start`'s signal aborted: waits for the renew loop and writes to end, then deletes its own Lease. */
  async release(): Promise<void> {
    await this.renewing;
    await this.writes;
    const own = this.own;
    if (own === undefined) return;
    try {
      await this.options.client.delete(own, {
        preconditions: { resourceVersion: own.metadata?.resourceVersion },
        signal: this.within(this.renewDeadlineMs),
      });
      this.log.info('released the shard member Lease');
    } catch (err) {
      if (isNotFound(err)) this.log.info('the shard member Lease was already gone');
      else this.log.error(`unable to delete Lease ${this.where}`, { error: err });
    }
    this.own = undefined;
    this.emitIfChanged();
  }

  private get config(): string {
    const { config } = this.options;
    return typeof config === 'function' ? config() : config;
  }

  private get where(): string {
    return `${this.options.namespace}/${this.leaseName}`;
  }

  private get key() {
    return { namespace: this.options.namespace, name: this.leaseName };
  }

  /** Ms until the renew deadline (≤ 0 once it passed). */
  private remaining(): number {
    return this.lastRenewSentAt + this.renewDeadlineMs - this.now();
  }

  /** Aborts at the renew deadline (as it is when called), so no request outlives it. */
  private deadlineSignal(signal?: AbortSignal): AbortSignal {
    return this.within(Math.ceil(this.remaining()), signal);
  }

  /** Aborts with `signal`, or after `ms` (at least 1). */
  private within(ms: number, signal?: AbortSignal): AbortSignal {
    const timeout = AbortSignal.timeout(Math.max(1, ms));
    return signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
  }

  private desired(base: MemberLease | undefined, holds: ReadonlySet<number>): MemberLease {
    const { namespace, group } = this.options;
    const fields = { namespace, name: this.leaseName, group, identity: this.identity, config: this.config };
    return ownLease(
      { ...fields, ranges: formatRuns(holds), leaseDurationMs: this.leaseDurationMs, now: new Date() },
      base,
    );
  }

  private wrote(lease: MemberLease, holds: ReadonlySet<number>, sentAt: number): void {
    this.own = lease;
    this.held = holds;
    this.lastRenewSentAt = Math.max(this.lastRenewSentAt, sentAt);
    this.emitIfChanged();
  }

  /** Creates its Lease; takes over one of its own identity left by an earlier process once it expired. */
  private async acquire(stop: AbortSignal): Promise<void> {
    const client = this.options.client;
    const signal = () => this.within(this.renewDeadlineMs, stop);
    for (;;) {
      const sentAt = this.now();
      try {
        this.wrote(await client.create(this.desired(undefined, this.held), { signal: signal() }), this.held, sentAt);
        return;
      } catch (err) {
        if (!isAlreadyExists(err)) throw err;
      }
      const existing = await client.get(MemberLeaseType, this.key, { signal: signal() }).catch(ignoreNotFound);
      if (existing !== undefined && (await this.takeOver(existing, stop))) return;
    }
  }

  /** Waits until `existing` (our identity's, or no one's) expired, then writes it as ours; false if it vanished. */
  private async takeOver(existing: MemberLease, stop: AbortSignal): Promise<boolean> {
    const signal = () => this.within(this.renewDeadlineMs, stop);
    const seen = new LeaseObservations(this.leaseDurationMs, this.log);
    let current: MemberLease | undefined = existing;
    while (current !== undefined) {
      const holder = current.spec?.holderIdentity;
      if (holder && holder !== this.identity) {
        throw new Error(`unable to create Lease ${this.where}: it exists and is held by ${holder}`);
      }
      seen.update([current], this.now());
      const [observed] = seen.all();
      if (observed !== undefined && !seen.isLive(observed, this.now())) {
        const sentAt = this.now();
        try {
          const lease = await this.options.client.update(this.desired(current, this.held), { signal: signal() });
          this.wrote(lease, this.held, sentAt);
          return true;
        } catch (err) {
          if (!isConflict(err) && !isNotFound(err)) throw err;
        }
      } else {
        this.log.info('waiting for the Lease of an earlier process with this identity to expire');
        await sleep(this.retryPeriodMs, stop);
        if (stop.aborted) throw new Error(`unable to create Lease ${this.where}: stopped while it was held`);
      }
      current = await this.options.client.get(MemberLeaseType, this.key, { signal: signal() }).catch(ignoreNotFound);
    }
    return false;
  }

  private async renewLoop(signal: AbortSignal): Promise<void> {
    while (!signal.aborted && this.lostError === undefined) {
      await sleep(Math.min(this.retryPeriodMs, Math.max(0, this.remaining())), signal);
      if (signal.aborted) return;
      try {
        await this.serialized(() => this.write(this.held, this.deadlineSignal(signal)));
      } catch (err) {
        if (this.lostError !== undefined) return;
        if (!signal.aborted) this.log.warn(`unable to renew Lease ${this.where}`, { error: err });
      }
      if (signal.aborted || this.lostError !== undefined || !this.alive()) return;
      await this.listGroup(this.deadlineSignal(signal)).catch((err: unknown) => {
        if (!signal.aborted) this.log.warn('unable to list the Leases of the shard group', { error: err });
      });
    }
  }

  /** False (after reporting the loss) once the renew deadline passed. */
  private alive(): boolean {
    if (this.lostError !== undefined) return false;
    if (this.remaining() > 0) return true;
    this.lose(new Error(`unable to renew Lease ${this.where} within the renew deadline (${this.renewDeadlineMs} ms)`));
    return false;
  }

  /** Writes its Lease with `holds` (a renew); re-reads and retries on a conflict; a vanished or taken Lease is a loss. */
  private async write(holds: ReadonlySet<number>, signal: AbortSignal): Promise<void> {
    if (this.own === undefined) throw new Error(`unable to update Lease ${this.where}: not started, or released`);
    if (!this.alive()) throw this.lostError as Error;
    const client = this.options.client;
    let base: MemberLease | undefined = this.own;
    for (let attempt = 1; ; attempt++) {
      const sentAt = this.now();
      try {
        this.wrote(await client.update(this.desired(base, holds), { signal }), holds, sentAt);
        return;
      } catch (err) {
        if (isNotFound(err)) throw this.lose(new Error(`unable to renew Lease ${this.where}: it was deleted`));
        if (!isConflict(err) || attempt >= MAX_CONFLICTS) throw err;
      }
      base = await client.get(MemberLeaseType, this.key, { signal }).catch(ignoreNotFound);
      const holder = base?.spec?.holderIdentity;
      if (base === undefined) throw this.lose(new Error(`unable to renew Lease ${this.where}: it was deleted`));
      if (holder !== this.identity)
        throw this.lose(new Error(`unable to renew Lease ${this.where}: held by ${holder}`));
    }
  }

  /** Runs `write` after every write queued before it. */
  private serialized(write: () => Promise<void>): Promise<void> {
    const run = this.writes.then(write, write);
    this.writes = run.catch(() => undefined);
    return run;
  }

  private async listGroup(signal: AbortSignal): Promise<MemberView[]> {
    const sent = ++this.listsSent;
    const list = await this.options.client.list(MemberLeaseType, {
      namespace: this.options.namespace,
      labelSelector: { matchLabels: { [SHARD_GROUP_LABEL]: this.options.group } },
      signal,
    });
    if (sent > this.listApplied) {
      // a list sent before one already applied would roll the observations back
      this.listApplied = sent;
      const others = list.items.filter((lease) => lease.metadata?.name !== this.leaseName);
      this.observations.update(others, this.now());
    }
    this.emitIfChanged();
    return this.view();
  }

  private lose(err: Error): Error {
    if (this.lostError !== undefined) return this.lostError;
    this.lostError = err;
    this.log.error('shard membership lost', { error: err });
    this.onLost?.(err);
    this.emitIfChanged();
    return err;
  }

  private emitIfChanged(): void {
    const signature = this.view()
      .map((v) => `${v.identity} ${v.live} ${formatRuns(v.holds)} ${v.config}`)
      .join('\n');
    if (signature === this.signature) return;
    this.signature = signature;
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (err) {
        this.log.error('a shard membership listener failed', { error: err });
      }
    }
  }
}
