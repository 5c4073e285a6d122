/**
 * Sharding's pure building blocks (issue 22): the API server's hash (`fnv1a64`), the hash
 * space in equal ranges (`shardRanges`), rendezvous assignment of ranges to live members
 * (`assignRanges`), the `shardSelector` for a member's ranges (KEP-5866, alpha gate
 * `ShardedListAndWatch`), and the same selector evaluated locally (`inShard`); at run time,
 * whether the server applies the selector (`detectShardSelector`), and the fallback sharder
 * that labels objects with their range where it does not (`RangeLabeler`).
 * @module sharding
 */
export { assignRanges, rangeWeight } from './assign.js';
export { type DetectShardSelectorOptions, detectShardSelector } from './detect.js';
export { fnv1a64 } from './fnv.js';
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
export type { ShardingOptions } from './options.js';
export { childRangeLabelOf, rangeLabelOf, type ShardedKind } from './range-label.js';
export { HASH_SPACE, rangeIndex, type ShardRange, shardRanges } from './ranges.js';
export { type ShardKey, shardSelector } from './selector.js';
