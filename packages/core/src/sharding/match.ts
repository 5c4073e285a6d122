/**
 * The shard selector evaluated locally, as the API server evaluates it
 * (`k8s.io/apimachinery/pkg/sharding`): the key is the object's uid or namespace (`""` when
 * absent: a cluster-scoped object's namespace, an unsaved object's uid), hashed with
 * FNV-1a 64, in a range when `lo <= hash < hi`. An informer with a selector needs it to
 * keep its own out-of-range writes out of its cache.
 * @module
 */

import type { KubernetesObject } from '../api/object.js';
import { fnv1a64 } from './fnv.js';
import type { ShardRange } from './ranges.js';
import type { ShardKey } from './selector.js';

/** The shard hash of `obj` by `key`. */
export function shardHash(obj: KubernetesObject, key: ShardKey): bigint {
  return fnv1a64((key === 'uid' ? obj.metadata?.uid : obj.metadata?.namespace) ?? '');
}

/** Whether `obj` falls in one of `ranges` when hashed by `key`. */
export function inShard(obj: KubernetesObject, key: ShardKey, ranges: readonly ShardRange[]): boolean {
  const hash = shardHash(obj, key);
  return ranges.some(({ lo, hi }) => lo <= hash && hash < hi);
}
