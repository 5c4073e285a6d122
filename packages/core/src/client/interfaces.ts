/**
 * The client's contracts, named as controller-runtime names them: `Reader` (get, list),
 * `Writer` (create, update, delete, deleteAllOf, patch, apply), `StatusWriter`
 * (`client.status()`), and `Client`, which is all of them. Options are plain objects;
 * every call takes an optional `signal`.
 * @module
 */
import type { KubernetesList, KubernetesObject, ObjectKey } from '../api/object.js';
import type { ResourceInfo, ResourceType } from '../resources/resource-type.js';
import type { ApplyConfiguration } from './apply-configuration.js';
import type { Patch } from './patch.js';
import type { FieldSelector, LabelSelector } from './selectors.js';

export interface CallOptions {
  signal?: AbortSignal;
}

export interface GetOptions extends CallOptions {
  /** Live reads: only apiVersion, kind and metadata (`PartialObjectMetadata`). Cached reads return what the cache holds. */
  metadataOnly?: boolean;
}

export interface ListOptions extends CallOptions {
  /** Live reads: items are `PartialObjectMetadata` (apiVersion, kind, metadata only). */
  metadataOnly?: boolean;
  /** Omit (or `undefined`) for all namespaces. */
  namespace?: string;
  labelSelector?: LabelSelector;
  /** Sent to the API server on live reads; evaluated on the objects for cached reads. */
  fieldSelector?: FieldSelector;
  /** Equality on field indexes (`cache.indexField`) for cached reads; a field selector on live reads. */
  matchingFields?: Record<string, string>;
  /** Live reads only: one page of at most `limit` objects (then pass `continue`). Without it, every page is fetched. */
  limit?: number;
  continue?: string;
  /**
   * Live reads only: the API server's shard selector (alpha, gate `ShardedListAndWatch`,
   * Kubernetes 1.36+), e.g. `shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')`.
   * A server without the gate ignores it and returns every object (no `metadata.shardInfo`).
   */
  shardSelector?: string;
}

export interface WriteOptions extends CallOptions {
  /** `dryRun=All`: the API server validates and admits, but does not persist. */
  dryRun?: boolean;
  /**
   * The field manager of this write (controller-runtime's `client.FieldOwner`); overrides
   * the client's `fieldOwner` (`withFieldOwner`, `ManagerOptions.fieldOwner`, else `operant`).
   */
  fieldOwner?: string;
  /** The API's name for `fieldOwner` (the `fieldManager` query parameter); `fieldOwner` wins. */
  fieldManager?: string;
  fieldValidation?: 'Ignore' | 'Warn' | 'Strict';
}

export type CreateOptions = WriteOptions;
export type UpdateOptions = WriteOptions;
export type PatchOptions = WriteOptions & {
  /** Server-side apply only: take ownership of conflicting fields. */
  force?: boolean;
};

export interface ApplyOptions extends WriteOptions {
  /** Take ownership of fields other managers own (`force=true`). */
  force?: boolean;
}

export interface DeleteOptions extends CallOptions {
  dryRun?: boolean;
  propagationPolicy?: 'Foreground' | 'Background' | 'Orphan';
  gracePeriodSeconds?: number;
  /** Delete only if the object still has this uid / resourceVersion (else `conflict`). */
  preconditions?: { uid?: string; resourceVersion?: string };
}

export interface DeleteAllOfOptions extends DeleteOptions {
  namespace?: string;
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
}

export interface Reader {
  /** The object, or a `notFound` ClientError. Cached reads return frozen shared objects. */
  get<T extends KubernetesObject>(type: ResourceType<T>, key: ObjectKey, options?: GetOptions): Promise<T>;
  list<T extends KubernetesObject>(type: ResourceType<T>, options?: ListOptions): Promise<KubernetesList<T>>;
}

export interface Writer {
  create<T extends KubernetesObject>(obj: T, options?: CreateOptions): Promise<T>;
  update<T extends KubernetesObject>(obj: T, options?: UpdateOptions): Promise<T>;
  patch<T extends KubernetesObject>(obj: T, patch: Patch, options?: PatchOptions): Promise<T>;
  /**
   * Server-side apply of `obj`: an `ApplyConfiguration<T>` (only the fields this field owner
   * has an opinion on; name `T`, as in `apply<Widget>({...})`, or build it with
   * `applyConfiguration(Kind, …)`, to have it checked), or a whole object of a registered class.
   */
  apply<T extends KubernetesObject>(obj: ApplyConfiguration<T> | T, options?: ApplyOptions): Promise<T>;
  delete(obj: KubernetesObject, options?: DeleteOptions): Promise<void>;
  deleteAllOf(type: ResourceType, options?: DeleteAllOfOptions): Promise<void>;
}

/** Writes to the `status` subresource. */
export interface StatusWriter {
  update<T extends KubernetesObject>(obj: T, options?: UpdateOptions): Promise<T>;
  patch<T extends KubernetesObject>(obj: T, patch: Patch, options?: PatchOptions): Promise<T>;
  /** Server-side apply of `obj`'s status: typed as `Writer.apply`. */
  apply<T extends KubernetesObject>(obj: ApplyConfiguration<T> | T, options?: ApplyOptions): Promise<T>;
}

export interface Client extends Reader, Writer {
  status(): StatusWriter;
  /** The coordinates of a type (registry, then discovery for objects known only by apiVersion/kind). */
  resourceInfo(type: ResourceType): ResourceInfo;
}

/** A reader that can say which types it serves: the cache, as the client sees it. */
export interface CacheReader extends Reader {
  /** True when reads of this kind are answered from the cache. */
  isCached(info: ResourceInfo): boolean;
  /** A write returned `obj`: reads return it until the cache has caught up (read your own writes). */
  observeWrite?(obj: KubernetesObject, echoOf?: string): void;
  /** A controller's status write of `obj` is in flight; the result is called with its answer (undefined on failure). */
  beginStatusWrite?(
    obj: KubernetesObject,
    controller: string,
  ): ((answer: KubernetesObject | undefined) => void) | undefined;
  /** `obj` was deleted: forget what `observeWrite` held of it. */
  observeDelete?(obj: KubernetesObject): void;
}
