/**
 * `RangeGate`: a sharded controller's `ShardGate`. It knows the range of each request key
 * from the controller's `For` informer (the object's uid hashed; or the key's namespace),
 * asks the coordinator whether that range may start a reconcile here now, and, when ranges
 * become active here, names the keys of their objects so the controller queues them.
 *
 * A key whose object it has never seen (not in this replica's ranges) is not admitted. The
 * range of a deleted object is remembered until its key is next asked about, so the
 * reconcile that follows a delete runs on the member that held it.
 * @module
 */
import { type KubernetesObject, objectKey } from '../api/object.js';
import type { ShardAdmission, ShardGate } from '../api/shard-gate.js';
import type { Informer } from '../cache/informer.js';
import type { ShardCoordinator } from './coordinator.js';

export class RangeGate implements ShardGate {
  /** The range of every object the informer holds, and of those deleted since. */
  private readonly ranges = new Map<string, number>();
  private readonly deleted = new Set<string>();

  constructor(
    private readonly coordinator: ShardCoordinator,
    informer: Informer,
  ) {
    informer.addEventHandler({
      onAdd: (obj) => this.seen(obj),
      onUpdate: (_old, obj) => this.seen(obj),
      onDelete: (obj) => {
        const key = objectKey(obj);
        if (!this.ranges.has(key)) this.ranges.set(key, this.coordinator.rangeOf(obj));
        this.deleted.add(key);
      },
    });
  }

  admit(key: string): ShardAdmission {
    const range = this.coordinator.rangeOfKey(key) ?? this.ranges.get(key);
    if (this.deleted.delete(key)) this.ranges.delete(key);
    if (range === undefined) return { admit: false };
    return this.coordinator.admit(range);
  }

  bind(enqueue: (keys: Iterable<string>) => void): () => void {
    return this.coordinator.onActivated((active) => {
      const keys: string[] = [];
      for (const [key, range] of this.ranges) if (active.has(range) && !this.deleted.has(key)) keys.push(key);
      enqueue(keys);
    });
  }

  private seen(obj: KubernetesObject): void {
    const key = objectKey(obj);
    this.deleted.delete(key);
    this.ranges.set(key, this.coordinator.rangeOf(obj));
  }
}
