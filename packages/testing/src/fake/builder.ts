/**
 * `fakeClient()`: builds a `FakeClient` (controller-runtime's `fake.NewClientBuilder()`).
 *
 * ```ts
 * const client = fakeClient()
 *   .withObjects(widget, configMap)                 // stored as they are (status too), given uid, rv, …
 *   .withStatusSubresource(WidgetType)              // @StatusSubresource classes need not be listed
 *   .withIndex(V1Pod, 'spec.nodeName', (p) => [p.spec?.nodeName ?? ''])
 *   .withSchemaValidation(Widget)                   // defaults and validation from the @operant/crd class
 *   .withInterceptor(failWith('conflict', { verb: 'update' }))
 *   .withCache({ byObject: [{ type: V1Pod }], readLive: [V1Secret] }) // refuse other reads, as the manager's client
 *   .build();
 * ```
 * @module
 */
import { type KubernetesObject } from '@operant/core';
import { formatTime, type ObjectMeta } from '@operant/core/api';
import type * as cache from '@operant/core/cache';
import { ClientError } from '@operant/core/client';
import { apiVersionOf, gvkString, type ObjectClass, objectKey, ResourceRegistry } from '@operant/core/internal';
import { type ResourceType } from '@operant/core/resources';
import { type FakeCacheOptions, FakeClient } from './fake-client.js';
import type { Interceptor } from './interceptor.js';
import { toJson } from './json.js';
import { nameFor } from './names.js';
import { ObjectTracker } from './tracker.js';

type IndexInput = { type: ResourceType; name: string; extract: cache.IndexExtractor };

export class FakeClientBuilder {
  private readonly objects: KubernetesObject[] = [];
  private readonly kinds: ResourceType[] = [];
  private readonly statusTypes: ResourceType[] = [];
  private readonly indexes: IndexInput[] = [];
  private readonly interceptors: Interceptor[] = [];
  private readonly schemaClasses: ObjectClass[] = [];
  private registry: ResourceRegistry | undefined;
  private fieldOwner = 'operant';
  private now: () => Date = () => new Date();
  private mutableReads = false;
  private cache: FakeCacheOptions | undefined;

  /** Objects the client starts with. Missing uid, creationTimestamp, generation are filled in; status is kept. */
  withObjects(...objects: KubernetesObject[]): this {
    this.objects.push(...objects);
    return this;
  }

  /**
   * Kinds the client knows by `apiVersion` and `kind` from the start (the real client asks
   * discovery): needed for objects of `resourceType()` kinds given as plain objects.
   * Kinds named in the other `with*` calls or read once are known too.
   */
  withKinds(...types: ResourceType[]): this {
    this.kinds.push(...types);
    return this;
  }

  /** Kinds that have a status subresource besides `@StatusSubresource` classes and the built-in ones. */
  withStatusSubresource(...types: ResourceType[]): this {
    this.statusTypes.push(...types);
    return this;
  }

  /** A field index for `list(type, { matchingFields: { [name]: value } })`, as `cache.indexField` registers one. */
  withIndex<T extends KubernetesObject>(type: ResourceType<T>, name: string, extract: cache.IndexExtractor<T>): this {
    this.indexes.push({ type, name, extract: extract as cache.IndexExtractor });
    return this;
  }

  /** Interceptors every call passes through, outermost first. */
  withInterceptor(...interceptors: Interceptor[]): this {
    this.interceptors.push(...interceptors);
    return this;
  }

  /** `@operant/crd` classes whose schema defaults and validates every write of their kind (`invalid` errors). */
  withSchemaValidation(...classes: ObjectClass[]): this {
    this.schemaClasses.push(...classes);
    return this;
  }

  /** The registry kinds are resolved with (default: a new one with the built-ins and `@CustomResource` classes). */
  withRegistry(registry: ResourceRegistry): this {
    this.registry = registry;
    return this;
  }

  /** The field manager of writes that name none (default `operant`, as the real client's). */
  withFieldOwner(name: string): this {
    this.fieldOwner = name;
    return this;
  }

  /** The time creationTimestamp and deletionTimestamp are taken from (default: the wall clock). */
  withNow(now: () => Date): this {
    this.now = now;
    return this;
  }

  /**
   * Reads return mutable copies, as the API reader (`ApiClient`) does. By default they hand
   * out the stored objects frozen, as the manager's cached client does.
   */
  withMutableReads(): this {
    this.mutableReads = true;
    return this;
  }

  /**
   * Reads as the manager's client does: a get or list of a kind neither in `byObject` nor
   * in `readLive` is refused (`notCached`, the real client's text). The reconcile harness
   * turns this on by itself, adding the kinds its controllers watch. Without it every
   * read is answered (the API reader).
   */
  withCache(options: FakeCacheOptions): this {
    this.cache = {
      byObject: [...(this.cache?.byObject ?? []), ...(options.byObject ?? [])],
      readLive: [...(this.cache?.readLive ?? []), ...(options.readLive ?? [])],
    };
    return this;
  }

  build(): FakeClient {
    const registry = this.registry ?? new ResourceRegistry();
    const tracker = new ObjectTracker(undefined, () => this.now());
    const gvk = (type: ResourceType) => gvkString(registry.resolve(type));
    const client = new FakeClient({
      tracker,
      registry,
      fieldOwner: this.fieldOwner,
      statusSubresource: new Map(this.statusTypes.map((t) => [gvk(t), true])),
      schemas: new Map(this.schemaClasses.map((c) => [gvk(c), c])),
      interceptors: [...this.interceptors],
      now: this.now,
      mutableReads: this.mutableReads,
    });
    for (const type of [...this.kinds, ...this.statusTypes, ...this.schemaClasses]) client.resourceInfo(type);
    for (const { type, name, extract } of this.indexes) tracker.addIndex(client.resourceInfo(type), name, extract);
    for (const obj of this.objects) this.seed(client, obj);
    if (this.cache !== undefined) client.enforceCache(this.cache);
    return client;
  }

  private seed(client: FakeClient, obj: KubernetesObject): void {
    const info = client.resolveObject(obj, 'seed an object');
    const body = toJson({ ...obj, apiVersion: apiVersionOf(info), kind: info.kind });
    const meta: ObjectMeta = { ...body.metadata };
    meta.name = nameFor(body);
    if (!info.namespaced) meta.namespace = undefined;
    meta.uid ??= crypto.randomUUID();
    meta.creationTimestamp ??= formatTime(this.now());
    if (client.traits(info).generation) meta.generation ??= 1;
    body.metadata = meta;
    if (client.tracker.get(info, objectKey(body)) !== undefined) {
      throw new ClientError(
        'invalidArgument',
        `unable to seed the fake client: ${info.kind} ${objectKey(body)} is given twice`,
      );
    }
    client.tracker.put(info, body, new Map());
  }
}

/** A builder of fake clients. */
export function fakeClient(): FakeClientBuilder {
  return new FakeClientBuilder();
}
