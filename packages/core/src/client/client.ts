/**
 * `newClient()`: the client a reconciler uses (controller-runtime's manager client). Writes
 * go to the API server; reads come from the cache for cached kinds, from the API server for
 * kinds listed in `readLive` (c-r's `CacheOptions.DisableFor`), and fail with `notCached`
 * for anything else: no silent live reads and no hidden cluster-wide informers. Without a
 * cache every read is live.
 *
 * Reads after writes: every successful write (not a dry run) hands the API server's answer
 * to the cache (`observeWrite`), so that the cache's reads never go back behind it; a
 * status write is tagged with the controller whose reconcile made it, so that the watch
 * event echoing it can be told apart (see the controller's `readYourWrites` option).
 *
 * Objects are the API server's JSON as parsed: timestamps (`metadata.creationTimestamp`, …)
 * are RFC 3339 strings even where client-node's model types say `Date`.
 * @module
 */

import type { KubernetesList, KubernetesObject, ObjectKey } from '../api/object.js';
import { ClientError } from '../api/status-error.js';
import type { ResourceRegistry } from '../resources/registry.js';
import { gvkString, type ResourceInfo, type ResourceType } from '../resources/resource-type.js';
import { ApiClient } from './api-client.js';
import type { ApplyConfiguration } from './apply-configuration.js';
import type {
  ApplyOptions,
  CacheReader,
  Client,
  CreateOptions,
  DeleteAllOfOptions,
  DeleteOptions,
  GetOptions,
  ListOptions,
  PatchOptions,
  Reader,
  StatusWriter,
  UpdateOptions,
} from './interfaces.js';
import type { KubeConfigSource as KubeConfig } from './kubeconfig.js';
import type { Patch } from './patch.js';
import { describeObject } from './paths.js';
import type { RestClient } from './rest.js';
import { currentController } from './write-origin.js';

export interface ClientOptions {
  kubeConfig?: KubeConfig;
  rest?: RestClient;
  registry?: ResourceRegistry;
  /** Reads of cached kinds are answered here. */
  cache?: CacheReader;
  /** Kinds read from the API server even though a cache is configured. */
  readLive?: readonly ResourceType[];
  /** Default field manager of writes (`operant` if unset). */
  fieldOwner?: string;
  /**
   * Completes an object this client creates or applies before it is sent (sharding: a
   * child of a sharded object gets its owner's range label, so the replica that holds the
   * owner caches the child). Returns the object to send.
   */
  stamp?: <T extends KubernetesObject>(obj: T) => T;
}

/** The reconciler's client: cached reads (per kind, as configured), direct writes. */
export function newClient(options: ClientOptions): Client {
  const api = new ApiClient(options);
  if (options.cache === undefined) return api;
  return new DelegatingClient(
    api,
    options.cache,
    new Set(options.readLive?.map((t) => gvkString(api.resourceInfo(t)))),
    options.stamp ?? ((obj) => obj),
  );
}

/**
 * The refusal of a read of a kind that is neither cached nor read live (shared with
 * @operant/testing's fake client, which refuses the same reads with the same text).
 */
export function notCachedError(action: string, info: ResourceInfo): ClientError {
  return new ClientError(
    'notCached',
    `${action}: ${info.kind} is not cached; add it to the cache's byObject options or to the client's readLive list`,
  );
}

class DelegatingClient implements Client {
  constructor(
    private readonly api: ApiClient,
    private readonly cache: CacheReader,
    private readonly live: ReadonlySet<string>,
    private readonly stamp: <T extends KubernetesObject>(obj: T) => T,
  ) {}

  resourceInfo(type: ResourceType): ResourceInfo {
    return this.api.resourceInfo(type);
  }

  async get<T extends KubernetesObject>(type: ResourceType<T>, key: ObjectKey, options?: GetOptions): Promise<T> {
    return this.readerFor(type, (info) => `unable to get ${describeObject(info, key.namespace, key.name)}`).get(
      type,
      key,
      options,
    );
  }

  async list<T extends KubernetesObject>(type: ResourceType<T>, options?: ListOptions): Promise<KubernetesList<T>> {
    return this.readerFor(type, (info) => `unable to list ${describeObject(info, options?.namespace)}`).list(
      type,
      options,
    );
  }

  /** The reader of a kind; `action` (only formatted for the refusal) names the read. */
  private readerFor(type: ResourceType, action: (info: ResourceInfo) => string): Reader {
    const info = this.api.resourceInfo(type);
    if (this.live.has(gvkString(info))) return this.api;
    if (this.cache.isCached(info)) return this.cache;
    throw notCachedError(action(info), info);
  }

  async create<T extends KubernetesObject>(obj: T, options?: CreateOptions): Promise<T> {
    return this.wrote(await this.api.create(this.stamp(obj), options), options);
  }
  async update<T extends KubernetesObject>(obj: T, options?: UpdateOptions): Promise<T> {
    return this.wrote(await this.api.update(obj, options), options);
  }
  async patch<T extends KubernetesObject>(obj: T, patch: Patch, options?: PatchOptions): Promise<T> {
    return this.wrote(await this.api.patch(obj, patch, options), options);
  }
  async apply<T extends KubernetesObject>(obj: ApplyConfiguration<T> | T, options?: ApplyOptions): Promise<T> {
    return this.wrote(await this.api.apply(this.stamp(obj as T), options), options);
  }
  async delete(obj: KubernetesObject, options?: DeleteOptions): Promise<void> {
    await this.api.delete(obj, options);
    if (!options?.dryRun) this.cache.observeDelete?.(obj);
  }
  deleteAllOf(type: ResourceType, options?: DeleteAllOfOptions): Promise<void> {
    return this.api.deleteAllOf(type, options);
  }
  status(): StatusWriter {
    const status = this.api.status();
    return {
      update: (obj, options) => this.statusWrite(obj, options, () => status.update(obj, options)),
      patch: (obj, patch, options) => this.statusWrite(obj, options, () => status.patch(obj, patch, options)),
      apply: (obj, options) => this.statusWrite(obj, options, () => status.apply(obj, options)),
    };
  }

  /**
   * A status write, tagged with the reconciling controller (when it reads its own writes) so
   * that the cache can tell the watch event echoing it, even one that arrives before the answer.
   */
  private async statusWrite<T extends KubernetesObject>(
    obj: KubernetesObject,
    options: { dryRun?: boolean } | undefined,
    write: () => Promise<T>,
  ): Promise<T> {
    const origin = currentController();
    const echoOf = origin?.readYourWrites && !options?.dryRun ? origin.controller : undefined;
    const end = echoOf === undefined ? undefined : this.cache.beginStatusWrite?.(obj, echoOf);
    let answer: T | undefined;
    try {
      answer = this.wrote(await write(), options, echoOf);
      return answer;
    } finally {
      end?.(answer);
    }
  }

  /** Hands a write's answer to the cache (`echoOf`: the controller whose status write it was). */
  private wrote<T extends KubernetesObject>(result: T, options: { dryRun?: boolean } | undefined, echoOf?: string): T {
    if (!options?.dryRun) this.cache.observeWrite?.(result, echoOf);
    return result;
  }
}
