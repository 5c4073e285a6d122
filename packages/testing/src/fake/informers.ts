/**
 * Informers over the fake client's tracker, for core's `kind()` sources in the reconcile
 * harness: a handler first receives the stored objects as initial-list adds, then every
 * write as it happens (synchronously, frozen objects as the cache hands out). They are
 * synced from the start, and keep the managedFields entries they are told to keep
 * (`keepManagedFields`), as the cache's informers do.
 * @module
 */
import type { KubernetesObject } from '@operant/core';
import type * as cache from '@operant/core/cache';
import { gvkString, type ResourceInfo } from '@operant/core/internal';
import type { ResourceType } from '@operant/core/resources';
import type { kind } from '@operant/core/source';
import type { FakeClient } from './fake-client.js';

// the shapes the cache's informers have, named from the contracts that return them
type HandlerRegistration = ReturnType<cache.Informer['addEventHandler']>;
type InformerHealth = ReturnType<cache.Informer['health']>;
/** What `kind()` reads informers from: the cache, or these fakes. */
type InformerSource = Parameters<typeof kind>[0];

class FakeInformer<T extends KubernetesObject> implements cache.Informer<T> {
  constructor(
    private readonly client: FakeClient,
    readonly info: ResourceInfo,
  ) {}

  addEventHandler(handler: cache.ResourceEventHandler<T>): HandlerRegistration {
    const tracker = this.client.tracker;
    for (const obj of tracker.list(this.info)) void handler.onAdd?.(obj as T, true);
    const unsubscribe = tracker.subscribe(this.info, (event) => {
      if (event.type === 'ADDED') void handler.onAdd?.(event.object as T, false);
      else if (event.type === 'MODIFIED') void handler.onUpdate?.(event.old as T, event.object as T);
      else void handler.onDelete?.(event.object as T, false);
    });
    return { remove: unsubscribe, hasSynced: () => true };
  }

  addIndex(name: string, extract: cache.IndexExtractor<T>): void {
    this.client.tracker.addIndex(this.info, name, extract as cache.IndexExtractor);
  }

  /** As the cache's informer: objects of the kind carry `manager`'s Apply entry of managedFields. */
  keepManagedFields(manager: string): boolean {
    this.client.tracker.keepManagedFields(this.info, manager);
    return true;
  }

  hasSynced(): boolean {
    return true;
  }

  async waitForSync(): Promise<boolean> {
    return true;
  }

  health(): InformerHealth {
    return {
      kind: this.info.kind,
      synced: true,
      objects: this.client.tracker.list(this.info).length,
      lastEventTime: undefined,
      reflectors: [],
    };
  }
}

/** The informers of a fake client, one per kind (an `InformerSource` for `source.kind()`). */
export class FakeInformers implements InformerSource {
  private readonly informers = new Map<string, FakeInformer<KubernetesObject>>();

  constructor(private readonly client: FakeClient) {}

  getInformer<T extends KubernetesObject>(type: ResourceType<T>): cache.Informer<T> {
    const info = this.client.resourceInfo(type);
    const key = gvkString(info);
    let informer = this.informers.get(key);
    if (informer === undefined) {
      this.client.markCached(info); // as the manager's cache: a watched kind is a cached kind
      informer = new FakeInformer(this.client, info);
      this.informers.set(key, informer);
    }
    return informer as unknown as cache.Informer<T>;
  }

  /** Each informer's health, as the cache reports it. */
  health(): InformerHealth[] {
    return [...this.informers.values()].map((i) => i.health());
  }
}
