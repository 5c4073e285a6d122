/**
 * `ShardMembershipOptions`: what a shard member's Lease is configured with, and
 * `membershipTiming`, its timing with the leader elector's defaults (lease duration 15 s,
 * renew deadline 10 s, retry period 2 s) and its monotonic clock.
 * @module
 */
import type { Logger } from '../api/logger.js';
import type { Client } from '../client/interfaces.js';

export interface ShardMembershipOptions {
  /** A live client (the API server, never the cache). */
  client: Client;
  namespace: string;
  group: string;
  /** Default `<hostname>_<uuid>`. */
  identity?: string;
  /** The shard configuration, e.g. `uid/4096/ring-128/server`; a function is read at each write (it may be known only at start). */
  config: string | (() => string);
  /** Default 15 s. */
  leaseDurationMs?: number;
  /** Default 10 s. */
  renewDeadlineMs?: number;
  /** Default 2 s. */
  retryPeriodMs?: number;
  logger: Logger;
  /** A monotonic clock in ms; default `performance.now()`. */
  now?: () => number;
}

/** The timing of `options`, defaults filled in (the caller checks retryPeriod < renewDeadline < leaseDuration). */
export function membershipTiming(options: ShardMembershipOptions): {
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
  now: () => number;
} {
  return {
    leaseDurationMs: options.leaseDurationMs ?? 15_000,
    renewDeadlineMs: options.renewDeadlineMs ?? 10_000,
    retryPeriodMs: options.retryPeriodMs ?? 2_000,
    now: options.now ?? (() => performance.now()),
  };
}
