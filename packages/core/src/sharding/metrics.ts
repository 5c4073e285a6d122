/**
 * The shard metrics of a sharded replica (docs/sharding.md), registered on the registry
 * given: `operant_shard_members`, `operant_shard_ranges{state=held|active}`,
 * `operant_shard_moves_total{direction=in|out}` (ranges; both directions start at zero),
 * `operant_shard_objects{kind}` (objects in this replica's cache, read at each scrape),
 * `operant_shard_label_writes_total{kind}` (the label sharder's writes) and
 * `operant_shard_config_mismatch` (live members of another shard configuration).
 * @module
 */
import { counter, gauge } from '../metrics/families.js';
import type { MetricsRegistry } from '../metrics/registry.js';
import type { ShardingMetrics } from './coordinator.js';

/** The objects of each sharded kind in a replica's cache. */
export type ShardedObjects = () => readonly { kind: string; count: number }[];

/** Per registry: the reader of `operant_shard_objects` (the last `Sharding` made on it). */
const objectsByRegistry = new WeakMap<MetricsRegistry, ShardedObjects>();

/** The coordinator's and the labeler's hooks on `registry`; `objects` is read at each scrape. */
export function shardingMetrics(
  registry: MetricsRegistry,
  objects: ShardedObjects,
): ShardingMetrics & { labelWrites(kind: string): void } {
  const members = gauge(registry, {
    name: 'operant_shard_members',
    help: 'Live members of this replica shard group, as it sees them',
  });
  const ranges = gauge(registry, {
    name: 'operant_shard_ranges',
    help: 'Hash ranges this replica holds (claimed) and reconciles (active)',
    labelNames: ['state'],
  });
  const moves = counter(registry, {
    name: 'operant_shard_moves_total',
    help: 'Hash ranges taken (in) and given up (out) by this replica',
    labelNames: ['direction'],
  });
  for (const direction of ['in', 'out']) moves.inc({ direction }, 0);
  objectsByRegistry.set(registry, objects);
  gauge(registry, {
    name: 'operant_shard_objects',
    help: 'Objects of each sharded kind in this replica cache',
    labelNames: ['kind'],
    collect() {
      this.reset();
      for (const { kind, count } of objectsByRegistry.get(registry)?.() ?? []) this.set({ kind }, count);
    },
  });
  const labelWrites = counter(registry, {
    name: 'operant_shard_label_writes_total',
    help: 'Range labels written by the label sharder, per kind',
    labelNames: ['kind'],
  });
  const mismatch = gauge(registry, {
    name: 'operant_shard_config_mismatch',
    help: 'Live members of this replica shard group with another shard configuration (key, ranges, assignment, mode), as it sees them',
  });
  return {
    members: (count) => members.set(count),
    mismatched: (count) => mismatch.set(count),
    ranges: (state, count) => ranges.set({ state }, count),
    moved: (direction, count) => moves.inc({ direction }, count),
    labelWrites: (kind) => labelWrites.inc({ kind }),
  };
}
