/**
 * Sharding (docs/sharding.md): replicas of one operator split the objects of their
 * sharded controllers. `ShardingOptions` are the manager's `sharding` option; everything
 * behind it (the membership Leases, the coordinator and its fenced hand-off, the reconcile
 * gate, the API server's `shardSelector` and the range-label fallback) runs inside the manager.
 * @module sharding
 */
export type { ShardingOptions } from './options.js';
