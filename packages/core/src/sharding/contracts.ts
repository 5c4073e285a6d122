/**
 * `ShardingRuntime`: the replica's side of sharding as the builder and users see it (the
 * manager's `sharding` when `ManagerOptions.sharding` turns it on): the key objects are
 * hashed by, a gate per `for` kind that admits only this replica's objects, the owned kinds
 * it keeps labelled, and the ranges it holds. The class behind it (`runtime.ts`) also
 * decides the mode, stamps objects and runs the coordinator; the manager alone calls those.
 * @module
 */
import type { ShardGate } from '../api/shard-gate.js';
import type { ResourceType } from '../resources/resource-type.js';
import type { ShardKey } from './selector.js';

/** How a member selects its share: the API server's shard selector (`server`), or a range label on each object (`labels`). */
export type ShardMode = 'server' | 'labels';

/** The ranges this replica holds, is taking over, or is letting go of, and the mode it runs in. */
export interface ShardState {
  held: number[];
  active: number[];
  releasing: number[];
  mode: ShardMode | undefined;
}

export interface ShardingRuntime {
  /** What objects are hashed by: their uid, or their namespace. */
  readonly key: ShardKey;
  /** The gate of a controller's `for` kind: admits this replica's objects, and tells when ranges move. */
  gate(type: ResourceType): ShardGate;
  /** Keeps objects of an owned kind labelled with their owner's range. */
  own(type: ResourceType): void;
  state(): ShardState;
}
