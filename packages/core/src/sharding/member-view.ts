/**
 * `MemberView`: what one shard member knows of another (or of itself) — the identity, whether
 * its Lease is live as observed locally, the ranges and configuration its Lease announces —
 * as `ShardMembership.view()` reports it and the coordinator and the configuration guard read it.
 * @module
 */

export interface MemberView {
  identity: string;
  /**
   * The Lease's resourceVersion changed within leaseDuration, as observed on this process's
   * monotonic clock (a Lease first seen counts as changed at that moment). Self is live while `fresh()`.
   */
  live: boolean;
  /** The ranges its Lease says it holds (`SHARD_RANGES_ANNOTATION`); unreadable counts as none (logged). */
  holds: ReadonlySet<number>;
  /** Its `SHARD_CONFIG_ANNOTATION`. */
  config: string | undefined;
  /** Its Lease's `spec.acquireTime` (when its member created it), `''` if none. */
  since: string;
  resourceVersion: string;
  self: boolean;
}
