/**
 * `FakeClient`: core's `Client` over an in-memory `ObjectTracker`, with the API server's
 * observable semantics (see `docs/testing.md` for the list and for where it deliberately
 * differs). Reads hand out frozen objects, as the manager's cached client does (so a
 * reconciler that changes one without `deepCopy` fails here as it would there); writes
 * return mutable copies; every write leaves a `WriteRecord` in `writes`;
 * every call passes the interceptors. Build one with `fakeClient()...build()`.
 * @module
 */
import { type Client, type KubernetesObject } from '@operant/core';
import type { KubernetesList } from '@operant/core/api';
import * as client from '@operant/core/client';
import { ClientError } from '@operant/core/client';
import {
  apiVersionOf,
  deepFreeze,
  describeObject,
  gvkString,
  type ObjectClass,
  objectKey,
  type ResourceInfo,
  type ResourceRegistry,
} from '@operant/core/internal';
import { type ResourceType } from '@operant/core/resources';
import { validate, withDefaults } from '@operant/crd/schema';
import { CachedReads } from './cached-reads.js';
import { type Interceptor, type Operation, type Verb, type WriteRecord } from './interceptor.js';
import { type KindTraits, traitsOf } from './kinds.js';
import { page, select } from './select.js';
import { invalid, notFound } from './status-errors.js';
import type { ObjectTracker } from './tracker.js';
import type { WriteContext } from './write-context.js';
import { FakeWrites } from './writes.js';

/** What `get` finds an object by: its namespace (none for cluster-scoped kinds) and name. */
type ObjectKey = Parameters<Client['get']>[1];
/** What `status()` returns: writes of the status subresource. */
type StatusWriter = ReturnType<Client['status']>;

type Options = client.CreateOptions & { force?: boolean };

/** The manager's cache configuration, as far as it decides which reads are answered. */
export interface FakeCacheOptions {
  /** Kinds the cache holds besides those controllers watch (`ManagerOptions.cache.byObject`). */
  byObject?: readonly { type: ResourceType }[];
  /** Kinds read from the API server (`ManagerOptions.readLive`). */
  readLive?: readonly ResourceType[];
}

/** What `fakeClient()` hands the client. */
export interface FakeClientConfig {
  tracker: ObjectTracker;
  registry: ResourceRegistry;
  fieldOwner: string;
  /** gvk → what `withStatusSubresource` said. */
  statusSubresource: Map<string, boolean>;
  /** gvk → the `@operant/crd` class whose schema validates and defaults writes. */
  schemas: Map<string, ObjectClass>;
  interceptors: Interceptor[];
  now: () => Date;
  /** Reads return copies (the API reader) instead of the frozen stored objects (the manager's cached client). */
  mutableReads: boolean;
}

export class FakeClient implements Client, WriteContext {
  readonly tracker: ObjectTracker;
  readonly registry: ResourceRegistry;
  readonly fieldOwner: string;
  /** Every write asked of this client, in order, with its outcome. */
  readonly writes: WriteRecord[] = [];
  private readonly classes = new Map<string, unknown>();
  /** Kinds this client has been told about, by `apiVersion/kind`: the fake's stand-in for discovery. */
  private readonly known = new Map<string, ResourceInfo>();
  private readonly writer: FakeWrites;
  private readonly reads = new CachedReads();

  constructor(private readonly config: FakeClientConfig) {
    this.tracker = config.tracker;
    this.registry = config.registry;
    this.fieldOwner = config.fieldOwner;
    this.writer = new FakeWrites(this, config.now);
  }

  resourceInfo(type: ResourceType): ResourceInfo {
    const info = this.registry.resolve(type);
    if (typeof type === 'function') this.classes.set(gvkString(info), type);
    this.known.set(`${apiVersionOf(info)}/${info.kind}`, info);
    return info;
  }

  /**
   * Reads as the manager's client: a get or list of a kind that is neither cached (in
   * `byObject`, or watched by a controller through `informers`) nor in `readLive` is refused
   * with the real client's `notCached` error. Calls add to what earlier calls declared.
   */
  enforceCache(options: FakeCacheOptions = {}): this {
    for (const { type } of options.byObject ?? []) this.reads.cache(this.resourceInfo(type));
    for (const type of options.readLive ?? []) this.reads.readLive(this.resourceInfo(type));
    this.reads.enforce();
    return this;
  }

  /** A kind the cache holds from now on (an informer was opened for it). */
  markCached(info: ResourceInfo): void {
    this.reads.cache(info);
  }

  /**
   * Another client of the same objects, as another process talks to the same API server:
   * the same kinds, schemas and status subresources, its own field owner, no interceptors,
   * no `enforceCache`, its own `writes`; `mutableReads` as given (default: this client's).
   */
  sibling(options: { fieldOwner?: string; mutableReads?: boolean } = {}): FakeClient {
    const other = new FakeClient({
      ...this.config,
      interceptors: [],
      fieldOwner: options.fieldOwner ?? this.fieldOwner,
      mutableReads: options.mutableReads ?? this.config.mutableReads,
    });
    for (const [gvk, type] of this.classes) other.classes.set(gvk, type);
    for (const [kind, info] of this.known) other.known.set(kind, info);
    return other;
  }

  /** Reads that bypass `enforceCache` (the manager's `GetAPIReader()`). */
  apiReader(): client.Reader {
    return {
      get: (type, key, options) => this.read(type, key, options ?? {}, false),
      list: (type, options) => this.readList(type, options ?? {}, false),
    };
  }

  /** The kind of an object passed to a write: its class, else its apiVersion and kind (no discovery). */
  resolveObject(obj: KubernetesObject, action: string): ResourceInfo {
    const ctor = (obj as object).constructor as ObjectClass | undefined;
    if (ctor !== undefined && ctor !== Object) {
      const info = this.registry.tryResolve(ctor);
      if (info !== undefined) return this.resourceInfo(ctor);
    }
    if (obj.apiVersion === undefined || obj.kind === undefined) {
      throw new ClientError(
        'unknownKind',
        `unable to ${action}: the object has no apiVersion and kind and its class is not registered`,
      );
    }
    const info = this.registry.lookup(obj.apiVersion, obj.kind) ?? this.known.get(`${obj.apiVersion}/${obj.kind}`);
    if (info === undefined) {
      throw new ClientError(
        'unknownKind',
        `unable to ${action}: no kind ${obj.kind} in ${obj.apiVersion} is known to the fake client; name it with fakeClient().withKinds(...) (the fake has no discovery)`,
      );
    }
    return info;
  }

  traits(info: ResourceInfo): KindTraits {
    const gvk = gvkString(info);
    return traitsOf(info, this.classes.get(gvk), this.config.statusSubresource.get(gvk));
  }

  /** Adds an interceptor (innermost last); returns a function that removes it. */
  intercept(interceptor: Interceptor): () => void {
    this.config.interceptors.push(interceptor);
    return () => {
      const i = this.config.interceptors.indexOf(interceptor);
      if (i >= 0) this.config.interceptors.splice(i, 1);
    };
  }

  /** Runs `op` through the interceptors, then `body`. */
  run<R>(op: Operation, body: () => Promise<R>): Promise<R> {
    const chain = this.config.interceptors.reduceRight<() => Promise<unknown>>(
      (next, interceptor) => () => interceptor(op, next),
      body,
    );
    return chain() as Promise<R>;
  }

  /**
   * Defaults and validates `obj` against the kind's `@operant/crd` class, when one was given;
   * on an update, `old` (the stored object) runs transition rules and ratcheting as the API server does.
   */
  async admit(
    info: ResourceInfo,
    obj: KubernetesObject,
    action: string,
    old?: KubernetesObject,
  ): Promise<KubernetesObject> {
    const schema = this.config.schemas.get(gvkString(info));
    if (schema === undefined) return obj;
    const defaulted = withDefaults(schema, obj) as KubernetesObject;
    const issues = await validate(defaulted, schema as unknown as new () => object, { old });
    if (issues.length > 0) {
      const causes = issues.map((i) => ({ reason: 'FieldValueInvalid', field: i.path, message: i.message }));
      throw invalid(action, info, obj.metadata?.name ?? '', causes);
    }
    return defaulted;
  }

  get<T extends KubernetesObject>(type: ResourceType<T>, key: ObjectKey, options: client.GetOptions = {}): Promise<T> {
    return this.read(type, key, options, true);
  }

  list<T extends KubernetesObject>(
    type: ResourceType<T>,
    options: client.ListOptions = {},
  ): Promise<KubernetesList<T>> {
    return this.readList(type, options, true);
  }

  private async read<T extends KubernetesObject>(
    type: ResourceType<T>,
    key: ObjectKey,
    options: client.GetOptions,
    gated: boolean,
  ): Promise<T> {
    const info = this.resourceInfo(type);
    const namespace = info.namespaced ? key.namespace : undefined;
    const action = `unable to get ${describeObject(info, key.namespace, key.name)}`;
    if (gated) this.reads.check(info, action);
    const op: Operation = { verb: 'get', info, namespace, name: key.name, options, action };
    return this.run(op, async () => {
      const stored = this.tracker.get(info, objectKey({ namespace, name: key.name }));
      if (stored === undefined) throw notFound(action, info, key.name);
      return this.handOut(stored, options.metadataOnly) as T;
    });
  }

  private async readList<T extends KubernetesObject>(
    type: ResourceType<T>,
    options: client.ListOptions,
    gated: boolean,
  ): Promise<KubernetesList<T>> {
    const info = this.resourceInfo(type);
    const action = `unable to list ${describeObject(info, options.namespace)}`;
    if (gated) this.reads.check(info, action);
    const op: Operation = { verb: 'list', info, namespace: options.namespace, options, action };
    return this.run(op, async () => {
      const all = select(this.tracker, info, this.traits(info), options, action);
      const one = page(all, options.limit, options.continue);
      return {
        apiVersion: apiVersionOf(info),
        kind: `${info.kind}List`,
        metadata: {
          resourceVersion: this.tracker.resourceVersion,
          continue: one.continue,
          remainingItemCount: one.remainingItemCount,
        },
        items: one.items.map((o) => this.handOut(o, options.metadataOnly)) as T[],
      };
    });
  }

  create<T extends KubernetesObject>(obj: T, options: client.CreateOptions = {}): Promise<T> {
    return this.writer.create(obj, options);
  }

  update<T extends KubernetesObject>(obj: T, options: client.UpdateOptions = {}): Promise<T> {
    return this.writer.update(obj, options, undefined);
  }

  patch<T extends KubernetesObject>(obj: T, patch: client.Patch, options: client.PatchOptions = {}): Promise<T> {
    return this.writer.patch(obj, patch, options, undefined);
  }

  apply<T extends KubernetesObject>(
    obj: client.ApplyConfiguration<T> | T,
    options: client.ApplyOptions = {},
  ): Promise<T> {
    return this.writer.apply(obj, options, undefined);
  }

  delete(obj: KubernetesObject, options: client.DeleteOptions = {}): Promise<void> {
    return this.writer.delete(obj, options);
  }

  async deleteAllOf(type: ResourceType, options: client.DeleteAllOfOptions = {}): Promise<void> {
    return this.writer.deleteAllOf(this.resourceInfo(type), options);
  }

  status(): StatusWriter {
    return {
      update: (obj, options = {}) => this.writer.update(obj, options, 'status'),
      patch: (obj, patch, options = {}) => this.writer.patch(obj, patch, options, 'status'),
      apply: (obj, options = {}) => this.writer.apply(obj, options, 'status'),
    };
  }

  /** What a read returns: the stored object itself (frozen, shared) as the cache does, or a copy. */
  private handOut(stored: KubernetesObject, metadataOnly: boolean | undefined): KubernetesObject {
    if (metadataOnly) return this.config.mutableReads ? partial(stored) : deepFreeze(partial(stored));
    return this.config.mutableReads ? structuredClone(stored) : stored;
  }

  /** Records a write and returns a mutable copy of its result. */
  async recorded<T extends KubernetesObject>(
    record: Omit<WriteRecord, 'object' | 'error'>,
    body: () => Promise<KubernetesObject | undefined>,
  ): Promise<T> {
    const entry: WriteRecord = { ...record };
    this.writes.push(entry);
    try {
      const result = await body();
      entry.object = result;
      return structuredClone(result) as T;
    } catch (err) {
      if (ClientError.is(err)) entry.error = err;
      throw err;
    }
  }

  /** The field manager of a write. */
  managerOf(options: Options): string {
    return options.fieldOwner ?? options.fieldManager ?? this.fieldOwner;
  }

  /** An operation of `verb` on `obj`. */
  operation(verb: Verb, info: ResourceInfo, obj: KubernetesObject, options: object, action: string): Operation {
    const namespace = info.namespaced ? obj.metadata?.namespace : undefined;
    return { verb, info, namespace, name: obj.metadata?.name, object: obj, options, action };
  }
}

/** `PartialObjectMetadata`: what metadata-only reads return. */
function partial(obj: KubernetesObject): KubernetesObject {
  return { apiVersion: 'meta.k8s.io/v1', kind: 'PartialObjectMetadata', metadata: structuredClone(obj.metadata) };
}
