/**
 * The shared index informer: one store (frozen objects + field indexes) for one kind and
 * scope, kept current by one reflector per namespace of the scope (or one for all), and
 * fanning events out to every handler. A handler added after sync first receives the current
 * objects as adds. A relist's difference is delivered as adds, updates (resourceVersion
 * changed) and deletes with `finalStateUnknown`.
 *
 * Reads go through `read`/`readAll`, which prefer an object this process wrote
 * (`observeWrite`) while it is newer than the store's (see written-objects.ts). A watch
 * event whose resourceVersion is exactly the one a controller's own status write returned
 * is delivered with `echoOf` set to that controller; relist differences never are (a list
 * may fold several writes into one change).
 *
 * A sharded informer's scope changes at run time (`rescope`): its reflectors come in
 * generations, and informer-rescope.ts replaces them; their first lists go through the
 * store as a relist does.
 * @module
 */
import { type Logger, noopLogger } from '../api/logger.js';
import { type KubernetesObject, objectKey } from '../api/object.js';
import type { RestClient } from '../client/rest.js';
import { compileFieldSelector, compileLabelSelector } from '../client/selectors.js';
import type { ResourceInfo } from '../resources/resource-type.js';
import { type Generation, Generations } from './informer-rescope.js';
import type { ReflectorHealth, ReflectorOptions, ReflectorSink } from './reflector.js';
import type { HandlerRegistration, ResourceEventHandler } from './resource-event-handler.js';
import type { ShardScope } from './shard-scope.js';
import { type IndexExtractor, Store } from './store.js';
import { keepManagedFields, managedFieldsKept, type TransformFunc } from './transform.js';
import { copyWireObject } from './wire-copy.js';
import { type Echo, WrittenObjects, type WrittenObjectsOptions } from './written-objects.js';

export interface InformerScope {
  /** Namespaces to watch; undefined or empty = all (ignored for cluster-scoped kinds). */
  namespaces?: readonly string[];
  labelSelector?: string;
  fieldSelector?: string;
  metadataOnly?: boolean;
}

/** Liveness of an informer, for health checks and metrics. */
export interface InformerHealth {
  kind: string;
  synced: boolean;
  /** Objects in the store (the cache-size figure controller-runtime lacks). */
  objects: number;
  /** Oldest of the per-namespace "last event or bookmark" times (undefined until every watch saw one). */
  lastEventTime: Date | undefined;
  reflectors: (ReflectorHealth & { namespace: string | undefined })[];
}

/** The informer as controllers see it. */
export interface Informer<T extends KubernetesObject = KubernetesObject> {
  readonly info: ResourceInfo;
  addEventHandler(handler: ResourceEventHandler<T>): HandlerRegistration;
  /** Adds a field index; objects already stored are indexed at once. */
  addIndex(name: string, extract: IndexExtractor<T>): void;
  hasSynced(): boolean;
  /** Resolves true once synced, false if `signal` aborts first. */
  waitForSync(signal?: AbortSignal): Promise<boolean>;
  health(): InformerHealth;
  /**
   * Keep `manager`'s server-side-apply entry in the stored objects' `metadata.managedFields`
   * (the cache strips the others); true when stored objects carry it from now on. Optional:
   * an informer without it keeps none.
   */
  keepManagedFields?(manager: string): boolean;
}

interface Registration {
  handler: ResourceEventHandler;
  synced: boolean;
}

export class SharedIndexInformer<T extends KubernetesObject = KubernetesObject> implements Informer<T> {
  readonly store = new Store();
  readonly written: WrittenObjects;
  private inScope: (obj: KubernetesObject) => boolean;
  private readonly generations: Generations;
  private readonly handlers: Registration[] = [];
  private readonly log: Logger;
  private running: { controller: AbortController; done: Promise<void> } | undefined;
  private syncedOnce = false;
  private syncWaiters: (() => void)[] = [];
  /** The managers the transform keeps managedFields entries of (live), undefined when it strips none. */
  private readonly managedFieldsKept: ReadonlySet<string> | undefined;

  constructor(
    rest: RestClient,
    readonly info: ResourceInfo,
    readonly scope: InformerScope,
    private readonly transform: TransformFunc,
    reflectorOptions: ReflectorOptions = {},
    written: WrittenObjectsOptions = {},
  ) {
    this.written = new WrittenObjects(written);
    this.managedFieldsKept = managedFieldsKept(transform);
    const baseScope = scopeMatcher(info, scope);
    this.inScope = baseScope;
    this.log = (reflectorOptions.logger ?? noopLogger).child({ component: 'informer', kind: info.kind });
    const namespaces = info.namespaced && scope.namespaces?.length ? [...new Set(scope.namespaces)] : [undefined];
    this.generations = new Generations(
      {
        rest,
        info,
        scope,
        namespaces,
        reflectorOptions: { ...reflectorOptions, logger: this.log },
        sink: (generation, namespace) => this.generationSink(generation, namespace),
      },
      {
        running: () => this.running?.controller.signal,
        narrow: (inScope) => this.narrow(inScope),
        holdNothing: () => {
          this.removeAll();
          this.markSynced();
        },
      },
      baseScope,
    );
  }

  /** Starts the reflectors (once); the promise settles after `signal` aborts (or `stop()`) and they have exited. */
  run(signal: AbortSignal): Promise<void> {
    if (this.running === undefined) {
      const controller = new AbortController();
      const onAbort = () => controller.abort();
      signal.addEventListener('abort', onAbort, { once: true });
      if (signal.aborted) controller.abort();
      this.running = { controller, done: Promise.resolve() };
      this.generations.start(this.generations.current, controller.signal);
      const stopped = new Promise<void>((resolve) => {
        if (controller.signal.aborted) resolve();
        else controller.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      this.running.done = stopped
        .then(() => this.generations.pending)
        .then(() => this.generations.current.done)
        .then(() => {
          signal.removeEventListener('abort', onAbort);
        });
    }
    return this.running.done;
  }

  /**
   * Replaces the shard scope (null: hold nothing). Stops the current reflectors and waits
   * for them to exit, then lists and watches with the base scope plus `shard`; the new
   * lists go through the store as a relist (adds flagged as initial, changed-only updates,
   * deletes with finalStateUnknown). Resolves once the new lists are in the store, or the
   * informer stops. Calls are serialized; of several waiting, only the newest is applied.
   */
  rescope(shard: ShardScope | null): Promise<void> {
    return this.generations.rescope(shard);
  }

  /** Holds only what `inScope` accepts from now on: own writes held for reads outside it are dropped. */
  private narrow(inScope: (obj: KubernetesObject) => boolean): void {
    this.inScope = inScope;
    for (const [key, held] of this.written.newerThan(() => undefined)) {
      if (!this.inScope(held)) this.written.forget(key);
    }
  }

  /** Stops the reflectors; resolves when they have exited. */
  stop(): Promise<void> {
    this.running?.controller.abort();
    return this.running?.done ?? Promise.resolve();
  }

  get started(): boolean {
    return this.running !== undefined;
  }

  /** True once every reflector's first list is in the store. */
  hasSynced(): boolean {
    return this.syncedOnce;
  }

  async waitForSync(signal?: AbortSignal): Promise<boolean> {
    if (this.hasSynced()) return true;
    if (signal?.aborted) return false;
    const synced = new Promise<boolean>((resolve) => this.syncWaiters.push(() => resolve(true)));
    if (signal === undefined) return synced;
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<boolean>((resolve) => {
      onAbort = () => resolve(false);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([synced, aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort as () => void);
    }
  }

  addIndex(name: string, extract: IndexExtractor<T>): void {
    this.store.addIndex(name, extract as IndexExtractor);
  }

  addEventHandler(handler: ResourceEventHandler<T>): HandlerRegistration {
    const registration: Registration = { handler: handler as ResourceEventHandler, synced: false };
    this.handlers.push(registration);
    if (this.syncedOnce) {
      for (const obj of [...this.store.values()]) this.call(registration, 'onAdd', obj, true);
      registration.synced = true;
    }
    return {
      remove: () => {
        const i = this.handlers.indexOf(registration);
        if (i >= 0) this.handlers.splice(i, 1);
      },
      hasSynced: () => registration.synced,
    };
  }

  /** The object of `key`: the store's, or one this process wrote if that is newer. */
  read(key: string, ownWrites = true): KubernetesObject | undefined {
    const stored = this.store.get(key);
    return (ownWrites ? this.written.newer(key, stored) : undefined) ?? stored;
  }

  /** The objects this process wrote that are newer than the store's, by key. */
  newerWrites(): Map<string, KubernetesObject> {
    return this.written.size === 0 ? new Map() : this.written.newerThan((key) => this.store.get(key));
  }

  /**
   * A write through the manager's client returned `obj` (not yet transformed): hold it for
   * reads until the store catches up. `echoOf`: the controller whose status write it was.
   * Metadata-only informers hold nothing (their store has a different shape).
   */
  observeWrite(obj: KubernetesObject, echoOf: string | undefined): void {
    if (this.scope.metadataOnly) return;
    if (!this.inScope(obj)) {
      this.written.forget(objectKey(obj));
      return;
    }
    // while the transform strips every managedFields entry, the copy may leave them out
    const next = this.transform(copyWireObject(obj, this.managedFieldsKept?.size === 0));
    this.written.record(next, echoOf, this.store.get(objectKey(next)));
  }

  /**
   * `controller` is about to write the status of `obj`: a watch event of the key that
   * arrives before the answer is marked with a promise of the writer (see `observe`).
   */
  beginStatusWrite(obj: KubernetesObject, controller: string): (answer: KubernetesObject | undefined) => void {
    return this.written.begin(objectKey(obj), controller);
  }

  /** The object of `key` was deleted through the manager's client. */
  observeDelete(key: string): void {
    this.written.forget(key);
  }

  keepManagedFields(manager: string): boolean {
    return keepManagedFields(this.transform, manager);
  }

  health(): InformerHealth {
    const reflectors = this.generations.reflectorHealth();
    const times = reflectors.map((r) => r.lastEventTime?.getTime());
    const oldest =
      times.length === 0 || times.some((t) => t === undefined) ? undefined : new Date(Math.min(...(times as number[])));
    return {
      kind: this.info.kind,
      synced: this.hasSynced(),
      objects: this.store.size,
      lastEventTime: oldest,
      reflectors,
    };
  }

  /**
   * What the current reflector of `namespace` feeds, taking objects as they come from the
   * server (it prepares them as the reflector does). Public for the informer's unit tests;
   * not exported from the package.
   */
  sinkFor(namespace: string | undefined): Omit<ReflectorSink, 'prepare'> {
    const sink = this.generationSink(this.generations.current, namespace);
    return {
      replace: (objects) => sink.replace(objects.map((obj) => sink.prepare(obj))),
      upsert: (obj) => sink.upsert(sink.prepare(obj)),
      remove: (obj) => sink.remove(obj),
    };
  }

  /** A sink that drops what a reflector of a replaced generation might still deliver. */
  private generationSink(generation: Generation, namespace: string | undefined): ReflectorSink {
    const sink = this.storeSink(generation, namespace);
    const current = () => generation === this.generations.current;
    return {
      prepare: sink.prepare,
      replace: (objects) => {
        if (current()) sink.replace(objects);
      },
      upsert: (obj) => {
        if (current()) sink.upsert(obj);
      },
      remove: (obj) => {
        if (current()) sink.remove(obj);
      },
    };
  }

  private storeSink(generation: Generation, namespace: string | undefined): ReflectorSink {
    return {
      prepare: this.transform,
      replace: (objects) => this.replace(generation, namespace, objects),
      upsert: (next) => {
        const echoOf = this.written.observe(next);
        const old = this.store.set(next);
        if (old === undefined) this.dispatch('onAdd', next, false, echoOf);
        else this.dispatch('onUpdate', old, next, echoOf);
      },
      remove: (obj) => {
        const key = objectKey(obj);
        this.written.forget(key);
        const old = this.store.delete(key);
        this.dispatch('onDelete', old ?? this.transform(obj), false);
      },
    };
  }

  /** A reflector's complete set of `namespace`, transformed (`prepare`). */
  private replace(generation: Generation, namespace: string | undefined, objects: KubernetesObject[]): void {
    const initial = !generation.listed.has(namespace);
    // nothing stored before: nothing can have vanished, and no key needs remembering
    const seen = this.store.size === 0 ? undefined : new Set<string>();
    for (const next of objects) {
      const key = objectKey(next);
      seen?.add(key);
      this.written.observe(next);
      const old = this.store.get(key);
      if (old !== undefined && old.metadata?.resourceVersion === next.metadata?.resourceVersion) continue;
      this.store.set(next);
      if (old === undefined) this.dispatch('onAdd', next, initial);
      else this.dispatch('onUpdate', old, next);
    }
    if (seen !== undefined) this.removeAll(namespace, seen);
    generation.listed.add(namespace);
    if (generation.listed.size === generation.reflectors.length) {
      generation.markSynced();
      this.markSynced();
    }
  }

  /** Removes the stored objects of `namespace` (undefined: all) not in `keep`, as deletes with finalStateUnknown. */
  private removeAll(namespace?: string, keep?: Set<string>): void {
    for (const [key, old] of [...this.storeEntries(namespace)]) {
      if (keep?.has(key)) continue;
      this.written.forget(key);
      this.store.delete(key);
      this.dispatch('onDelete', old, true);
    }
  }

  private markSynced(): void {
    if (this.syncedOnce) return;
    this.syncedOnce = true;
    for (const r of this.handlers) r.synced = true;
    for (const resolve of this.syncWaiters.splice(0)) resolve();
  }

  private *storeEntries(namespace: string | undefined): Generator<[string, KubernetesObject]> {
    for (const key of this.store.keys()) {
      const obj = this.store.get(key) as KubernetesObject;
      if (namespace === undefined || obj.metadata?.namespace === namespace) yield [key, obj];
    }
  }

  private dispatch(method: 'onAdd', obj: KubernetesObject, flag: boolean, echoOf?: Echo): void;
  private dispatch(method: 'onUpdate', old: KubernetesObject, obj: KubernetesObject, echoOf?: Echo): void;
  private dispatch(method: 'onDelete', obj: KubernetesObject, flag: boolean): void;
  private dispatch(
    method: keyof ResourceEventHandler,
    a: KubernetesObject,
    b: KubernetesObject | boolean,
    echoOf?: Echo,
  ): void {
    for (const registration of [...this.handlers]) this.call(registration, method, a, b, echoOf);
  }

  private call(
    registration: Registration,
    method: keyof ResourceEventHandler,
    a: KubernetesObject,
    b: KubernetesObject | boolean,
    echoOf?: Echo,
  ): void {
    const fn = registration.handler[method] as ((x: unknown, y: unknown, z: unknown) => unknown) | undefined;
    if (fn === undefined) return;
    try {
      const result = fn.call(registration.handler, a, b, echoOf);
      if (result instanceof Promise) result.catch((err: unknown) => this.handlerFailed(method, err));
    } catch (err) {
      this.handlerFailed(method, err);
    }
  }

  private handlerFailed(method: string, err: unknown): void {
    this.log.error('event handler failed', {
      handler: method,
      error: err,
    });
  }
}

/** Whether an object belongs in an informer of this scope (namespaces and selectors). */
function scopeMatcher(info: ResourceInfo, scope: InformerScope): (obj: KubernetesObject) => boolean {
  const namespaces = info.namespaced && scope.namespaces?.length ? new Set(scope.namespaces) : undefined;
  const labels = scope.labelSelector ? compileLabelSelector(scope.labelSelector) : undefined;
  const fields = scope.fieldSelector ? compileFieldSelector(scope.fieldSelector) : undefined;
  return (obj) =>
    (namespaces === undefined || namespaces.has(obj.metadata?.namespace ?? '')) &&
    (labels === undefined || labels.matches(obj.metadata?.labels)) &&
    (fields === undefined || fields.matches(obj));
}
