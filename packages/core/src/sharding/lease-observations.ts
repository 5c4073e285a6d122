/**
 * What a member has seen of the other members' Leases, and which of them are live, by
 * client-go's rule: a Lease is live while its `resourceVersion` changed within its lease
 * duration as observed on this process's monotonic clock (a Lease first seen counts as
 * changed at that moment). The holder's timestamps are never compared with the local clock,
 * so clock skew cannot make a dead member look live or the reverse. Only a Lease's owner
 * writes it (the others only delete it), so a new `resourceVersion` means its owner renewed.
 * @module
 */
import type { Logger } from '../api/logger.js';
import { SHARD_CONFIG_ANNOTATION } from './labels.js';
import { leaseHolds, type MemberLease } from './member-lease.js';

export interface ObservedLease {
  /** The Lease's name. */
  name: string;
  /** Its holder, else its name. */
  identity: string;
  holds: ReadonlySet<number>;
  config: string | undefined;
  /** Its `spec.acquireTime` (when its member created it), `''` if none: the group's configuration is its oldest live member's. */
  since: string;
  resourceVersion: string;
  /** When (monotonic ms) this `resourceVersion` was first seen. */
  changedAt: number;
  /** How long it stays live after a change: its `leaseDurationSeconds`, else the local lease duration. */
  durationMs: number;
}

export class LeaseObservations {
  private readonly byName = new Map<string, ObservedLease>();

  constructor(
    private readonly defaultDurationMs: number,
    private readonly log: Logger,
  ) {}

  /** Takes a whole list of the group's Leases seen at `now`: new versions are stamped, Leases not in it forgotten. */
  update(items: readonly MemberLease[], now: number): void {
    const seen = new Set<string>();
    for (const lease of items) {
      const name = lease.metadata?.name ?? '';
      const resourceVersion = lease.metadata?.resourceVersion ?? '';
      seen.add(name);
      if (this.byName.get(name)?.resourceVersion === resourceVersion) continue;
      const seconds = lease.spec?.leaseDurationSeconds ?? 0;
      this.byName.set(name, {
        name,
        identity: lease.spec?.holderIdentity || name,
        holds: leaseHolds(lease, this.log),
        config: lease.metadata?.annotations?.[SHARD_CONFIG_ANNOTATION],
        since: lease.spec?.acquireTime ?? '',
        resourceVersion,
        changedAt: now,
        durationMs: seconds > 0 ? seconds * 1000 : this.defaultDurationMs,
      });
    }
    for (const name of this.byName.keys()) if (!seen.has(name)) this.byName.delete(name);
  }

  /** Live at `now`: its last change was seen less than its lease duration ago. */
  isLive(observed: ObservedLease, now: number): boolean {
    return now - observed.changedAt < observed.durationMs;
  }

  /** The Lease held by `identity`, if seen. */
  find(identity: string): ObservedLease | undefined {
    for (const observed of this.byName.values()) if (observed.identity === identity) return observed;
    return undefined;
  }

  forget(name: string): void {
    this.byName.delete(name);
  }

  all(): ObservedLease[] {
    return [...this.byName.values()];
  }
}
