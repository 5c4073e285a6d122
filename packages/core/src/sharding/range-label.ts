/**
 * The value of the range label (`operant.dev/shard-range`) the fallback sharder writes: a
 * sharded object's own range (its shard hash's `rangeIndex`), and a child's, which is its
 * controller owner's range (the owner's uid hashed, or the child's own namespace, which is
 * its owner's) when that owner is of a sharded kind. Pure functions of immutable fields:
 * the label never changes once right.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { getControllerOf } from '../controllerutil/owner.js';
import { parseApiVersion, type ResourceInfo } from '../resources/resource-type.js';
import { fnv1a64 } from './fnv.js';
import { shardHash } from './match.js';
import { rangeIndex } from './ranges.js';
import type { ShardKey } from './selector.js';

/** A sharded kind as an owner reference names it: its group and kind. */
export type ShardedKind = Pick<ResourceInfo, 'group' | 'kind'>;

/** The range label of a sharded object: the index of its range among `ranges` (a power of two). */
export function rangeLabelOf(obj: KubernetesObject, key: ShardKey, ranges: number): string {
  return String(rangeIndex(shardHash(obj, key), ranges));
}

/**
 * The range label of a child: its controller owner's range, when that owner is of one of
 * `sharded` (apiVersion group and kind match); undefined for a child without a controller
 * owner or whose owner is not sharded (it belongs to no range).
 */
export function childRangeLabelOf(
  child: KubernetesObject,
  key: ShardKey,
  ranges: number,
  sharded: readonly ShardedKind[],
): string | undefined {
  const owner = getControllerOf(child);
  if (owner === undefined) return undefined;
  const { group } = parseApiVersion(owner.apiVersion);
  if (!sharded.some((k) => k.group === group && k.kind === owner.kind)) return undefined;
  // the namespace key: a namespaced owner's children share its namespace
  return key === 'uid' ? String(rangeIndex(fnv1a64(owner.uid), ranges)) : rangeLabelOf(child, 'namespace', ranges);
}
