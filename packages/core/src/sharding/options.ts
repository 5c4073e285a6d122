/**
 * `ShardingOptions`: how the replicas of one operator split the objects of their sharded
 * controllers between them (`ManagerOptions.sharding`; see docs/sharding.md). Every replica
 * of a group must use the same `key`, `ranges`, `virtualNodes` and mode: a member of another
 * configuration is refused (it takes no range, and says so).
 * @module
 */
import type { ShardKey } from './selector.js';

export interface ShardingOptions {
  /** Default true when the object is given. */
  enabled?: boolean;
  /** The shard group: the members' Leases carry it as a label and name prefix. Default: the manager's `leaderElectionID`, else `operant`. */
  group?: string;
  /** Where the members' Leases live. Default: the manager's `leaderElectionNamespace`, else the pod's namespace. */
  namespace?: string;
  /** This member's identity. Default `<hostname>_<uuid>`, as the leader elector's. */
  identity?: string;
  /** The field hashed: the object's `uid` (default) or its `namespace` (owner and children stay together). */
  key?: ShardKey;
  /**
   * How many ranges the hash space is cut into (a power of two). Default 4096. At most 4096:
   * a member alone names every range in its range label selector (the label mode, children).
   */
  ranges?: number;
  /**
   * Points per member on the assignment ring. Default 128. A member holds at most this many
   * runs of ranges, so its `shardSelector` has at most one more term (about 100 bytes each
   * of query string); more points even out the members' shares. Refused at start when the
   * worst case passes 32 KiB (over 329).
   */
  virtualNodes?: number;
  /**
   * `server`: the API server's `shardSelector` (alpha gate `ShardedListAndWatch`); `labels`:
   * the range label written by one elected sharder; `auto` (default): `server` when the
   * API server applies the selector, else `labels`.
   */
  mode?: 'auto' | 'server' | 'labels';
  /** Default: the manager's `leaseDurationMs`, `renewDeadlineMs` and `retryPeriodMs` (15 s, 10 s, 2 s). */
  leaseDurationMs?: number;
  renewDeadlineMs?: number;
  retryPeriodMs?: number;
}
