/**
 * The share of a kind a sharded replica holds: what its informer adds to its own
 * scope on list and watch, and the same filter evaluated locally. The held set changes when
 * members join or leave; a watch's selector cannot change in place, so the informer
 * restarts its reflectors with the new scope (`SharedIndexInformer.rescope`). `null` in
 * place of a scope means the replica holds nothing of the kind.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';

export interface ShardScope {
  /** Sent as `shardSelector` on list and watch (the API server's filter; alpha gate ShardedListAndWatch). */
  shardSelector?: string;
  /** ANDed with the informer's own labelSelector (the label fallback: `operant.dev/shard-range in (…)`). */
  labelSelector?: string;
  /** The same filter evaluated locally (for own writes: observeWrite must not hold an object outside the shard). */
  matches?: (obj: KubernetesObject) => boolean;
}

/** Two label selectors ANDed (a comma joins requirements); undefined when both are. */
export function andLabelSelectors(a: string | undefined, b: string | undefined): string | undefined {
  const parts = [a, b].filter((s): s is string => s !== undefined && s !== '');
  return parts.length === 0 ? undefined : parts.join(',');
}
