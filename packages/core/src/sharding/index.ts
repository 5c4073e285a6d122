/**
 * Sharding (docs/sharding.md): replicas of one operator split the objects of their
 * sharded controllers. The runtime: `Sharding` (what `ManagerOptions.sharding` builds), the
 * `ShardMembership` (each member's Lease), the `ShardCoordinator` (assignment and the fenced
 * hand-off), the `RangeGate` (a controller's reconcile gate), run-time detection of the API
 * server's `shardSelector` and the `RangeLabeler` fallback. The pure parts: the API server's
 * hash (`fnv1a64`), the hash space in equal ranges (`shardRanges`, `rangeIndex`), assignment
 * on a consistent-hash ring (`assignRanges`), the `shardSelector` for a member's ranges
 * (KEP-5866, alpha gate `ShardedListAndWatch`), its worst case on the wire
 * (`selectorBoundViolation`), the group's configuration (`judgeConfig`) and the same selector
 * evaluated locally (`inShard`).
 * @module sharding
 */

export { assignRanges, DEFAULT_VIRTUAL_NODES, ringPoint } from './assign.js';
export { type ConfigVerdict, judgeConfig } from './config-guard.js';
export type { ShardingRuntime, ShardMode, ShardState } from './contracts.js';
export {
  type Members,
  type ScopedKind,
  ShardCoordinator,
  type ShardCoordinatorOptions,
  type ShardingMetrics,
} from './coordinator.js';
export { type DetectShardSelectorOptions, detectShardSelector } from './detect.js';
export { fnv1a64 } from './fnv.js';
export { RangeGate } from './gate.js';
export { RangeLabeler, type RangeLabelerOptions } from './labeler.js';
export {
  formatRuns,
  parseRuns,
  SHARD_CONFIG_ANNOTATION,
  SHARD_GROUP_LABEL,
  SHARD_RANGE_LABEL,
  SHARD_RANGES_ANNOTATION,
} from './labels.js';
export { inShard, shardHash } from './match.js';
export { type MemberView, ShardMembership, type ShardMembershipOptions } from './membership.js';
export type { ShardingOptions } from './options.js';
export { childRangeLabelOf, rangeLabelOf, type ShardedKind } from './range-label.js';
export { HASH_SPACE, rangeIndex, type ShardRange, shardRanges } from './ranges.js';
export { Sharding, ShardingError, type ShardingSetup } from './runtime.js';
export { type ShardKey, shardSelector } from './selector.js';
export { MAX_SELECTOR_BYTES, type SelectorBoundInput, selectorBoundViolation } from './selector-bound.js';
