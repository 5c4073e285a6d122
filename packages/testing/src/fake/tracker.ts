/**
 * The fake client's object tracker: the stored objects of every kind (frozen, in core's
 * `cache.Store`, so field indexes work as the cache's do), one resourceVersion counter for
 * all of them (as etcd's revision is), each object's field owners, and watch events to
 * subscribers (the harness's informers). Semantics live in the client; this only stores.
 * A stored object carries the `metadata.managedFields` entries of the Apply managers its kind
 * keeps (`keepManagedFields`, as the manager's cache keeps a dependent's field owner) and no others.
 * @module
 */
import { type KubernetesObject } from '@operant/core';
import { formatTime } from '@operant/core/api';
import * as cache from '@operant/core/cache';
import { apiVersionOf, deepFreeze, gvkString, objectKey, type ResourceInfo, Store } from '@operant/core/internal';
import { type FieldOwners, managedFieldsOf } from './field-owners.js';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface WatchEvent {
  type: WatchEventType;
  object: KubernetesObject;
  /** The object before a MODIFIED event. */
  old?: KubernetesObject;
}

export type WatchListener = (event: WatchEvent) => void;

interface KindStore {
  info: ResourceInfo;
  store: Store;
  owners: Map<string, FieldOwners>;
  /** The Apply managers whose managedFields entries stored objects carry. */
  kept: Set<string>;
  listeners: Set<WatchListener>;
}

export class ObjectTracker {
  private readonly kinds = new Map<string, KindStore>();
  private revision: number;

  /** `firstResourceVersion`: the revision the first write gets (any positive integer). */
  constructor(
    firstResourceVersion = 1000,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.revision = firstResourceVersion - 1;
  }

  /** The revision of the last write (a list's `metadata.resourceVersion`). */
  get resourceVersion(): string {
    return String(this.revision);
  }

  private kind(info: ResourceInfo): KindStore {
    const key = gvkString(info);
    let kind = this.kinds.get(key);
    if (kind === undefined) {
      kind = { info, store: new Store(), owners: new Map(), kept: new Set(), listeners: new Set() };
      this.kinds.set(key, kind);
    }
    return kind;
  }

  get(info: ResourceInfo, key: string): KubernetesObject | undefined {
    return this.kind(info).store.get(key);
  }

  owners(info: ResourceInfo, key: string): FieldOwners {
    return this.kind(info).owners.get(key) ?? new Map();
  }

  /** Every object of a kind, in key order (namespace, then name), as the API server lists them. */
  list(info: ResourceInfo): KubernetesObject[] {
    return [...this.kind(info).store.values()].sort((a, b) => compareKeys(objectKey(a), objectKey(b)));
  }

  /** Objects whose index `name` has `value`; undefined when no such index exists. */
  byIndex(info: ResourceInfo, name: string, value: string): KubernetesObject[] | undefined {
    return this.kind(info).store.byIndex(name, value);
  }

  addIndex(info: ResourceInfo, name: string, extract: cache.IndexExtractor): void {
    this.kind(info).store.addIndex(name, extract);
  }

  /**
   * From now on objects of the kind carry `manager`'s Apply entry of managedFields; the
   * stored ones get it at once (without a new resourceVersion: the cache's transform
   * changes what it holds, not the objects).
   */
  keepManagedFields(info: ResourceInfo, manager: string): void {
    const kind = this.kind(info);
    if (kind.kept.has(manager)) return;
    kind.kept.add(manager);
    for (const obj of [...kind.store.values()]) {
      const key = objectKey(obj);
      kind.store.set(deepFreeze(this.withKept(kind, structuredClone(obj), kind.owners.get(key) ?? new Map())));
    }
  }

  /** `obj` with the managedFields entries its kind keeps (none: no `managedFields`). */
  private withKept(kind: KindStore, obj: KubernetesObject, owners: FieldOwners): KubernetesObject {
    const { managedFields: _, ...meta } = obj.metadata ?? {};
    const time = formatTime(this.now());
    const entries = managedFieldsOf(owners, apiVersionOf(kind.info), time, (m, apply) => apply && kind.kept.has(m));
    obj.metadata = entries.length === 0 ? meta : { ...meta, managedFields: entries as never };
    return obj;
  }

  /** Every kind that holds objects. */
  storedKinds(): ResourceInfo[] {
    return [...this.kinds.values()].filter((k) => k.store.size > 0).map((k) => k.info);
  }

  /** Stores `obj` under a new resourceVersion (set on `obj`, which is then frozen) and tells subscribers. */
  put(info: ResourceInfo, obj: KubernetesObject, owners: FieldOwners): KubernetesObject {
    const kind = this.kind(info);
    this.revision++;
    obj.metadata = { ...obj.metadata, resourceVersion: String(this.revision) };
    const stored = deepFreeze(this.withKept(kind, obj, owners));
    const old = kind.store.set(stored);
    kind.owners.set(objectKey(stored), owners);
    this.emit(kind, old === undefined ? { type: 'ADDED', object: stored } : { type: 'MODIFIED', object: stored, old });
    return stored;
  }

  /**
   * Removes an object; the DELETED event carries `last` (default: the stored object) under a
   * new resourceVersion, as the API server's does.
   */
  remove(info: ResourceInfo, key: string, last?: KubernetesObject): KubernetesObject | undefined {
    const kind = this.kind(info);
    const old = kind.store.delete(key);
    if (old === undefined) return undefined;
    kind.owners.delete(key);
    this.revision++;
    const final = last ?? old;
    const object = deepFreeze({
      ...structuredClone(final),
      metadata: { ...structuredClone(final.metadata), resourceVersion: String(this.revision) },
    });
    this.emit(kind, { type: 'DELETED', object });
    return object;
  }

  /** Calls `listener` for every later event of the kind; returns the unsubscribe function. */
  subscribe(info: ResourceInfo, listener: WatchListener): () => void {
    const kind = this.kind(info);
    kind.listeners.add(listener);
    return () => kind.listeners.delete(listener);
  }

  private emit(kind: KindStore, event: WatchEvent): void {
    for (const listener of kind.listeners) listener(event);
  }
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
