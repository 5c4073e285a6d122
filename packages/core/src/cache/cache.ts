/**
 * The Cache: one shared informer per kind, configured per kind (`byObject`: namespaces,
 * label and field selectors, transforms, metadata-only), read by the client and watched
 * by controllers. Kinds are cached only when declared in `byObject` or asked for with
 * `getInformer()`; reading anything else fails with `notCached` instead of silently
 * starting a cluster-wide informer.
 *
 * Reads see this process's own writes: an object the manager's client wrote is read back
 * (get and list) until the informer has caught up with it, never an older one
 * (`observeWrite`, see written-objects.ts). A controller with `readYourWrites: false`
 * reads the informer's store only, as controller-runtime does.
 *
 * Objects handed out are frozen and shared: no copy per read. A reconciler that wants to
 * change one copies it first (`deepCopy(obj)`).
 *
 * A sharded replica caches only its share of a kind (`setShardScope`, see shard-scope.ts);
 * the share changes when members join or leave, and the kind's informer relists with it.
 *
 * ```ts
 * const cache = new Cache({ kubeConfig, byObject: [{ type: V1ConfigMap, namespaces: ['apps'] }] });
 * cache.indexField(V1Pod, 'spec.nodeName', (p) => [p.spec?.nodeName ?? '']);
 * void cache.start(signal);                 // resolves after signal aborts and everything stopped
 * await cache.waitForCacheSync(signal);
 * const client = newClient({ kubeConfig, cache });
 * ```
 * @module
 */

import { type Logger, noopLogger } from '../api/logger.js';
import { type KubernetesList, type KubernetesObject, type ObjectKey, objectKey } from '../api/object.js';
import { ClientError } from '../api/status-error.js';
import type { CacheReader, GetOptions, ListOptions } from '../client/interfaces.js';
import type { KubeConfigSource as KubeConfig } from '../client/kubeconfig.js';
import { describeObject } from '../client/paths.js';
import { RestClient } from '../client/rest.js';
import {
  compileFieldSelector,
  compileLabelSelector,
  type FieldSelector,
  fieldSelectorString,
  fieldValue,
  type LabelSelector,
  labelSelectorString,
} from '../client/selectors.js';
import { currentController } from '../client/write-origin.js';
import { ResourceRegistry } from '../resources/registry.js';
import {
  apiVersionOf,
  gvkString,
  parseApiVersion,
  type ResourceInfo,
  type ResourceType,
} from '../resources/resource-type.js';
import { assertNamespacedScope } from './cluster-wide.js';
import { type Informer, type InformerHealth, type InformerScope, SharedIndexInformer } from './informer.js';
import type { ReflectorOptions } from './reflector.js';
import type { ShardScope } from './shard-scope.js';
import type { IndexExtractor } from './store.js';
import { composeTransforms, stripManagedFieldsExcept, type TransformFunc } from './transform.js';
import type { WrittenObjectsOptions } from './written-objects.js';

/** How one kind is cached (controller-runtime's `cache.ByObject`). */
export interface ByObject<T extends KubernetesObject = KubernetesObject> {
  type: ResourceType<T>;
  /** Overrides `defaultNamespaces`; empty = all namespaces. */
  namespaces?: readonly string[];
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
  /** Runs after managedFields are stripped, before the object is frozen. */
  transform?: TransformFunc;
  /** Default true. Server-side-apply entries of the managers informers are told to keep (`Informer.keepManagedFields`) stay. */
  stripManagedFields?: boolean;
  /** Cache `PartialObjectMetadata` (apiVersion, kind, metadata) only. */
  metadataOnly?: boolean;
}

export interface CacheOptions {
  kubeConfig?: KubeConfig;
  /** Share the wire with a client (and observe requests). */
  rest?: RestClient;
  registry?: ResourceRegistry;
  logger?: Logger;
  /** Namespaces of every namespaced kind without its own; default all. */
  defaultNamespaces?: readonly string[];
  /**
   * Default true. false: refuse to watch across the cluster (a cluster-scoped kind, a
   * namespaced kind without namespaces) with a `notCached` error naming the kind, for a
   * manager whose RBAC is a Role (see cluster-wide.ts).
   */
  clusterWide?: boolean;
  defaultLabelSelector?: LabelSelector;
  defaultFieldSelector?: FieldSelector;
  /** Runs for kinds without their own transform. */
  defaultTransform?: TransformFunc;
  byObject?: readonly ByObject[];
  /** Page size, watch timeouts, streaming lists (`watchList`, default on where served), backoff, … */
  reflector?: Omit<ReflectorOptions, 'logger'>;
  /** Bounds of the per-informer overlay of this process's own writes. */
  ownWrites?: WrittenObjectsOptions;
}

export class Cache implements CacheReader {
  readonly rest: RestClient;
  readonly registry: ResourceRegistry;
  private readonly informers = new Map<string, SharedIndexInformer>();
  private readonly configs = new Map<string, ByObject>();
  /** Shard scopes by kind, applied to its informer when it is created. */
  private readonly shards = new Map<string, ShardScope | null>();
  private readonly log: Logger;
  private signal: AbortSignal | undefined;
  private readonly running: Promise<void>[] = [];

  constructor(private readonly options: CacheOptions) {
    const rest = options.rest ?? (options.kubeConfig ? new RestClient(options.kubeConfig) : undefined);
    if (rest === undefined)
      throw new ClientError('invalidArgument', 'unable to create a cache: pass kubeConfig or rest');
    this.rest = rest;
    this.registry = options.registry ?? new ResourceRegistry();
    this.log = (options.logger ?? noopLogger).child({ component: 'cache' });
    for (const config of options.byObject ?? []) {
      this.configs.set(gvkString(this.registry.resolve(config.type)), config);
      this.getInformer(config.type);
    }
  }

  /**
   * Starts every informer (and those added later) and resolves after `signal` aborts and
   * all of them have stopped (a Runnable). Does not wait for sync: use `waitForCacheSync`.
   */
  async start(signal: AbortSignal): Promise<void> {
    if (this.signal !== undefined)
      throw new ClientError('invalidArgument', 'unable to start the cache: it was already started');
    this.signal = signal;
    for (const informer of this.informers.values()) this.running.push(informer.run(signal));
    if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    await Promise.all(this.running);
  }

  /** Resolves true once every informer has synced, false if `signal` aborts first. */
  async waitForCacheSync(signal?: AbortSignal): Promise<boolean> {
    const results = await Promise.all([...this.informers.values()].map((i) => i.waitForSync(signal)));
    return results.every(Boolean);
  }

  /** The informer of a kind, created (and started, if the cache runs) on first use with the kind's byObject options. */
  getInformer<T extends KubernetesObject>(type: ResourceType<T>): Informer<T> {
    const info = this.registry.resolve(type);
    const key = gvkString(info);
    let informer = this.informers.get(key);
    if (informer === undefined) {
      informer = this.newInformer(info, this.configs.get(key));
      this.informers.set(key, informer);
      const shard = this.shards.get(key);
      // applied at once: the informer has not started
      if (shard !== undefined) void informer.rescope(shard);
      if (this.signal !== undefined) this.running.push(informer.run(this.signal));
    }
    return informer as unknown as Informer<T>;
  }

  /**
   * Caches only `shard` of a kind (null: none of it, and the kind counts as synced). Before
   * the kind's informer exists the scope is recorded for it; a running informer relists
   * with the new scope, and the promise resolves once the new lists are in its store (or
   * the cache stops).
   */
  setShardScope<T extends KubernetesObject>(type: ResourceType<T>, shard: ShardScope | null): Promise<void> {
    const key = gvkString(this.registry.resolve(type));
    this.shards.set(key, shard);
    return this.informers.get(key)?.rescope(shard) ?? Promise.resolve();
  }

  /** Stops and forgets a kind's informer (controller-runtime's `RemoveInformer`). */
  async removeInformer(type: ResourceType): Promise<void> {
    const key = gvkString(this.registry.resolve(type));
    const informer = this.informers.get(key);
    this.informers.delete(key);
    await informer?.stop();
  }

  /** Adds a field index for `list(type, { matchingFields: { [name]: value } })`. */
  indexField<T extends KubernetesObject>(type: ResourceType<T>, name: string, extract: IndexExtractor<T>): void {
    this.getInformer(type).addIndex(name, extract);
  }

  isCached(info: ResourceInfo): boolean {
    return this.informers.has(gvkString(info));
  }

  /** Health of every informer (sync state, object counts, last event/bookmark times). */
  health(): InformerHealth[] {
    return [...this.informers.values()].map((i) => i.health());
  }

  /**
   * The manager's client wrote `obj` (the API server's answer): reads return it until the
   * informer catches up. `echoOf`: the controller whose status write it was.
   */
  observeWrite(obj: KubernetesObject, echoOf?: string): void {
    this.writtenInformer(obj)?.observeWrite(obj, echoOf);
  }

  /** `controller` is about to write the status of `obj`; call the result with the answer (undefined on failure). */
  beginStatusWrite(
    obj: KubernetesObject,
    controller: string,
  ): ((answer: KubernetesObject | undefined) => void) | undefined {
    return this.writtenInformer(obj)?.beginStatusWrite(obj, controller);
  }

  /** The manager's client deleted `obj`: reads no longer prefer a written copy of it. */
  observeDelete(obj: KubernetesObject): void {
    this.writtenInformer(obj)?.observeDelete(objectKey(obj));
  }

  private writtenInformer(obj: KubernetesObject): SharedIndexInformer | undefined {
    if (obj.apiVersion === undefined || obj.kind === undefined || obj.metadata?.name === undefined) return undefined;
    return this.informers.get(gvkString({ ...parseApiVersion(obj.apiVersion), kind: obj.kind }));
  }

  async get<T extends KubernetesObject>(type: ResourceType<T>, key: ObjectKey, options: GetOptions = {}): Promise<T> {
    const info = this.registry.resolve(type);
    // the message of an error only: not formatted for every read that succeeds
    const action = () => `unable to get ${describeObject(info, key.namespace, key.name)}`;
    const informer = await this.readyInformer(info, action, key.namespace, options.signal);
    const obj = informer.read(
      objectKey({ namespace: info.namespaced ? key.namespace : undefined, name: key.name }),
      ownWrites(),
    );
    if (obj === undefined) throw new ClientError('notFound', `${action()}: not found`, { code: 404 });
    return obj as T;
  }

  async list<T extends KubernetesObject>(type: ResourceType<T>, options: ListOptions = {}): Promise<KubernetesList<T>> {
    const info = this.registry.resolve(type);
    const namespace = info.namespaced ? options.namespace || undefined : undefined;
    const action = () => `unable to list ${describeObject(info, namespace)}`;
    if (options.shardSelector !== undefined) {
      throw new ClientError('invalidArgument', `${action()}: shardSelector is for live reads only`);
    }
    const informer = await this.readyInformer(info, action, namespace, options.signal);
    let candidates: Iterable<KubernetesObject> = informer.store.values();
    const fieldTests: [string[], string][] = [];
    const indexTests: [string, string][] = [];
    for (const [field, value] of Object.entries(options.matchingFields ?? {})) {
      const indexed = informer.store.byIndex(field, value);
      if (indexed === undefined) fieldTests.push([field.split('.'), value]);
      else {
        candidates = intersect(candidates, indexed);
        indexTests.push([field, value]);
      }
    }
    // own writes newer than the store replace the store's copies; they are tested on every
    // condition, indexed fields included, since the index holds the store's copies
    const written = ownWrites() ? informer.newerWrites() : new Map<string, KubernetesObject>();
    if (written.size > 0) {
      const stale = new Set([...written.keys()].map((k) => informer.store.get(k)));
      candidates = [
        ...[...candidates].filter((o) => !stale.has(o)),
        ...[...written.values()].filter((o) =>
          indexTests.every(([field, value]) => informer.store.indexValues(field, o).includes(value)),
        ),
      ];
    }
    const labels = options.labelSelector === undefined ? undefined : compileLabelSelector(options.labelSelector);
    const fields = options.fieldSelector === undefined ? undefined : compileFieldSelector(options.fieldSelector);
    const items: KubernetesObject[] = [];
    for (const obj of candidates) {
      if (namespace !== undefined && obj.metadata?.namespace !== namespace) continue;
      if (labels !== undefined && !labels.matches(obj.metadata?.labels)) continue;
      if (fields !== undefined && !fields.matches(obj)) continue;
      if (!fieldTests.every(([path, value]) => fieldValue(obj, path) === value)) continue;
      items.push(obj);
      if (options.limit !== undefined && items.length >= options.limit) break;
    }
    return { apiVersion: apiVersionOf(info), kind: `${info.kind}List`, metadata: {}, items: items as T[] };
  }

  /** The informer of `info`, once synced: synchronously when it is (the common case), else after it syncs. */
  private readyInformer(
    info: ResourceInfo,
    action: () => string,
    namespace: string | undefined,
    signal: AbortSignal | undefined,
  ): SharedIndexInformer | Promise<SharedIndexInformer> {
    const informer = this.informers.get(gvkString(info));
    if (informer === undefined) {
      throw new ClientError(
        'notCached',
        `${action()}: ${info.kind} is not cached; declare it in byObject or call getInformer()`,
      );
    }
    const scoped = informer.scope.namespaces;
    // a list across all namespaces of a namespace-scoped cache spans the cached namespaces
    if (info.namespaced && scoped?.length && namespace !== undefined && !scoped.includes(namespace)) {
      throw new ClientError(
        'notCached',
        `${action()}: the cache of ${info.kind} holds only namespaces ${scoped.join(', ')}`,
      );
    }
    if (this.signal === undefined) throw new ClientError('notCached', `${action()}: the cache is not started`);
    if (informer.hasSynced()) return informer;
    return informer.waitForSync(signal).then((synced) => {
      if (!synced) throw new ClientError('aborted', `${action()}: aborted while waiting for the cache to sync`);
      return informer;
    });
  }

  /**
   * The scope a kind is cached with (namespaces, label and field selectors; without a shard
   * scope), e.g. for a component that must watch the same objects whole.
   */
  scopeOf(type: ResourceType): InformerScope {
    const informer = this.informers.get(gvkString(this.registry.resolve(type)));
    return informer?.scope ?? {};
  }

  private newInformer(info: ResourceInfo, config: ByObject | undefined): SharedIndexInformer {
    const o = this.options;
    const transforms: TransformFunc[] = [];
    if (config?.stripManagedFields ?? true) transforms.push(stripManagedFieldsExcept());
    const user = config?.transform ?? o.defaultTransform;
    if (user !== undefined) transforms.push(user);
    const labelSelector = config?.labelSelector ?? o.defaultLabelSelector;
    const fieldSelector = config?.fieldSelector ?? o.defaultFieldSelector;
    const scope: InformerScope = {
      namespaces: config?.namespaces ?? o.defaultNamespaces,
      labelSelector: labelSelector === undefined ? undefined : labelSelectorString(labelSelector) || undefined,
      fieldSelector: fieldSelector === undefined ? undefined : fieldSelectorString(fieldSelector) || undefined,
      metadataOnly: config?.metadataOnly,
    };
    if (o.clusterWide === false) assertNamespacedScope(info, scope);
    return new SharedIndexInformer(
      this.rest,
      info,
      scope,
      composeTransforms(transforms),
      { ...o.reflector, logger: this.log },
      o.ownWrites,
    );
  }
}

/** Whether the current reconcile's controller reads its own writes (outside a reconcile: yes). */
function ownWrites(): boolean {
  return currentController()?.readYourWrites ?? true;
}

function intersect(candidates: Iterable<KubernetesObject>, indexed: KubernetesObject[]): KubernetesObject[] {
  if (Array.isArray(candidates)) {
    const keep = new Set(indexed);
    return candidates.filter((o) => keep.has(o));
  }
  return indexed;
}
