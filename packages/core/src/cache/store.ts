/**
 * The informer's store: frozen objects by key (`namespace/name`) plus field indexes
 * (`indexField`), kept in step on every add, update and delete. Lookups by index are O(1)
 * in the number of matching objects.
 * @module
 */
import { type KubernetesObject, objectKey } from '../api/object.js';

/** Returns the index values of an object (an object may have several, or none). */
export type IndexExtractor<T extends KubernetesObject = KubernetesObject> = (obj: T) => readonly string[];

interface Index {
  extract: IndexExtractor;
  byValue: Map<string, Set<string>>;
  byKey: Map<string, readonly string[]>;
}

export class Store {
  private readonly objects = new Map<string, KubernetesObject>();
  private readonly indexes = new Map<string, Index>();

  get size(): number {
    return this.objects.size;
  }

  get(key: string): KubernetesObject | undefined {
    return this.objects.get(key);
  }

  values(): IterableIterator<KubernetesObject> {
    return this.objects.values();
  }

  keys(): IterableIterator<string> {
    return this.objects.keys();
  }

  hasIndex(name: string): boolean {
    return this.indexes.has(name);
  }

  /** Adds an index and indexes the objects already stored. */
  addIndex(name: string, extract: IndexExtractor): void {
    const index: Index = { extract, byValue: new Map(), byKey: new Map() };
    this.indexes.set(name, index);
    for (const [key, obj] of this.objects) indexObject(index, key, obj);
  }

  /** Adds or replaces an object; returns the previous one. */
  set(obj: KubernetesObject): KubernetesObject | undefined {
    const key = objectKey(obj);
    const old = this.objects.get(key);
    this.objects.set(key, obj);
    for (const index of this.indexes.values()) {
      if (old !== undefined) unindexObject(index, key);
      indexObject(index, key, obj);
    }
    return old;
  }

  /** Removes an object by key; returns it. */
  delete(key: string): KubernetesObject | undefined {
    const old = this.objects.get(key);
    if (old === undefined) return undefined;
    this.objects.delete(key);
    for (const index of this.indexes.values()) unindexObject(index, key);
    return old;
  }

  /** The values index `name` gives `obj` (whether or not it is stored); empty without such an index. */
  indexValues(name: string, obj: KubernetesObject): readonly string[] {
    return this.indexes.get(name)?.extract(obj) ?? [];
  }

  /** The objects whose index `name` has `value`; undefined when there is no such index. */
  byIndex(name: string, value: string): KubernetesObject[] | undefined {
    const index = this.indexes.get(name);
    if (index === undefined) return undefined;
    const keys = index.byValue.get(value);
    if (keys === undefined) return [];
    return [...keys].map((k) => this.objects.get(k) as KubernetesObject);
  }
}

function indexObject(index: Index, key: string, obj: KubernetesObject): void {
  const values = [...new Set(index.extract(obj))];
  index.byKey.set(key, values);
  for (const value of values) {
    let keys = index.byValue.get(value);
    if (keys === undefined) {
      keys = new Set();
      index.byValue.set(value, keys);
    }
    keys.add(key);
  }
}

function unindexObject(index: Index, key: string): void {
  for (const value of index.byKey.get(key) ?? []) {
    const keys = index.byValue.get(value);
    keys?.delete(key);
    if (keys?.size === 0) index.byValue.delete(value);
  }
  index.byKey.delete(key);
}
