/**
 * The manager a controller under torture is registered on: the real one, except that its
 * `client` and `cache` go through the run's perturbations — writes through `WriteFaults`,
 * reads through `StaleReads` — and the informers it hands to sources remember their event
 * handlers, so that a change a lagging watch held back can be delivered to them, and hold
 * back their update events for `MissedStates`; the runnables added to it (the controllers)
 * are reported, so the run can read their recent reconciles. Everything else is the real
 * manager's.
 * @module
 */
import type { Client, KubernetesObject } from '@operant/core';
import type { KubernetesList } from '@operant/core/api';
import type { Informer, ResourceEventHandler } from '@operant/core/cache';
import type { GetOptions, ListOptions } from '@operant/core/client';
import type { ResourceInfo } from '@operant/core/internal';
import type { Manager } from '@operant/core/manager';
import type { ResourceType } from '@operant/core/resources';
import type { MissedStates } from './missed-states.js';
import type { HandlerSink, ObjectKey, StaleReads } from './stale-reads.js';
import type { WriteCall, WriteFaults } from './write-faults.js';

/** One manager's perturbations: the run's write and read sides, and this manager's own crash fence. */
export interface ManagerPerturbations {
  writes: WriteFaults;
  reads: StaleReads;
  /** True once this manager crashed: it then writes nothing. */
  crashed(): boolean;
  /** Called on every read, write and delivered event (the run is not quiet then). */
  active(): void;
  /** Called with every runnable the controller's setup adds to the manager (its controllers). */
  added(runnable: Parameters<Manager['add']>[0]): void;
}

/** The event handlers sources registered on one manager's informers, by kind. */
export class InformerHandlers implements HandlerSink {
  private readonly byKind = new Map<string, Set<ResourceEventHandler>>();

  constructor(
    private readonly active: () => void,
    private readonly missed: MissedStates,
  ) {}

  wrap<T extends KubernetesObject>(informer: Informer<T>): Informer<T> {
    const kind = kindKey(informer.info);
    const handlers = this.byKind.get(kind) ?? new Set();
    this.byKind.set(kind, handlers);
    return new Proxy(informer, {
      get: (target, prop) => {
        if (prop !== 'addEventHandler') return bound(target, prop);
        return (handler: ResourceEventHandler<T>) => {
          const first = () => handlers.values().next().value === handler;
          const registration = target.addEventHandler(this.missed.wrap(target.info, handler, first));
          handlers.add(handler as ResourceEventHandler);
          return {
            remove: () => {
              handlers.delete(handler as ResourceEventHandler);
              registration.remove();
            },
            hasSynced: () => registration.hasSynced(),
          };
        };
      },
    });
  }

  deliver(info: ResourceInfo, stale: KubernetesObject | undefined, current: KubernetesObject | undefined): void {
    this.active();
    for (const handler of this.byKind.get(kindKey(info)) ?? []) {
      if (stale !== undefined && current !== undefined) void handler.onUpdate?.(stale, current);
      else if (current !== undefined) void handler.onAdd?.(current, false);
      else if (stale !== undefined) void handler.onDelete?.(stale, false);
    }
  }
}

const kindKey = (info: ResourceInfo) => `${info.group}/${info.kind}`;

function bound(target: object, prop: string | symbol): unknown {
  const value: unknown = Reflect.get(target, prop, target);
  return typeof value === 'function' ? value.bind(target) : value;
}

/** `mgr` with its client and cache perturbed. */
export function perturbedManager(mgr: Manager, p: ManagerPerturbations, handlers: InformerHandlers): Manager {
  const client = perturbedClient(mgr.client, p);
  const cache = new Proxy(mgr.cache, {
    get: (target, prop) => {
      switch (prop) {
        case 'getInformer':
          return (type: ResourceType) => handlers.wrap(target.getInformer(type));
        case 'get':
          return (type: ResourceType, key: ObjectKey, options?: GetOptions) =>
            read(p, mgr.client.resourceInfo(type), key, () => target.get(type, key, options));
        case 'list':
          return (type: ResourceType, options?: ListOptions) =>
            readList(p, mgr.client.resourceInfo(type), options, () => target.list(type, options));
        default:
          return bound(target, prop);
      }
    },
  });
  const add: Manager['add'] = (runnable) => {
    p.added(runnable);
    mgr.add(runnable);
  };
  const own: Partial<Record<string | symbol, unknown>> = { client, cache, add };
  return new Proxy(mgr, {
    get: (target, prop) => own[prop] ?? bound(target, prop),
  });
}

function read<T extends KubernetesObject>(
  p: ManagerPerturbations,
  info: ResourceInfo,
  key: ObjectKey,
  get: () => Promise<T>,
): Promise<T> {
  p.active();
  return p.reads.get(info, key, get);
}

function readList<T extends KubernetesObject>(
  p: ManagerPerturbations,
  info: ResourceInfo,
  options: ListOptions | undefined,
  list: () => Promise<KubernetesList<T>>,
): Promise<KubernetesList<T>> {
  p.active();
  return p.reads.list(info, options, list);
}

function perturbedClient(inner: Client, p: ManagerPerturbations): Client {
  const call = (verb: WriteCall['verb'], status: boolean, info: ResourceInfo, obj?: KubernetesObject): WriteCall => ({
    verb,
    status,
    info,
    namespace: obj?.metadata?.namespace,
    name:
      obj?.metadata?.name ?? (obj?.metadata?.generateName === undefined ? undefined : `${obj.metadata.generateName}*`),
  });
  const write = <T>(c: WriteCall, send: () => Promise<T>): Promise<T> => {
    p.active();
    return p.writes.write(c, p.crashed, send);
  };
  const info = (obj: KubernetesObject) => objectInfo(inner, obj);
  const status = (): ReturnType<Client['status']> => {
    const writer = inner.status();
    return {
      update: (obj, options) => write(call('update', true, info(obj), obj), () => writer.update(obj, options)),
      patch: (obj, patch, options) =>
        write(call('patch', true, info(obj), obj), () => writer.patch(obj, patch, options)),
      apply: (obj, options) =>
        write(call('apply', true, info(obj as KubernetesObject), obj as KubernetesObject), () =>
          writer.apply(obj, options),
        ),
    };
  };
  return {
    resourceInfo: (type) => inner.resourceInfo(type),
    get: (type, key, options) => read(p, inner.resourceInfo(type), key, () => inner.get(type, key, options)),
    list: (type, options) => readList(p, inner.resourceInfo(type), options, () => inner.list(type, options)),
    create: (obj, options) => write(call('create', false, info(obj), obj), () => inner.create(obj, options)),
    update: (obj, options) => write(call('update', false, info(obj), obj), () => inner.update(obj, options)),
    patch: (obj, patch, options) => write(call('patch', false, info(obj), obj), () => inner.patch(obj, patch, options)),
    apply: (obj, options) =>
      write(call('apply', false, info(obj as KubernetesObject), obj as KubernetesObject), () =>
        inner.apply(obj, options),
      ),
    delete: (obj, options) => write(call('delete', false, info(obj), obj), () => inner.delete(obj, options)),
    deleteAllOf: (type, options) =>
      write({ ...call('deleteAllOf', false, inner.resourceInfo(type)), namespace: options?.namespace }, () =>
        inner.deleteAllOf(type, options),
      ),
    status,
  };
}

/** The kind of a written object, for messages: its registered class, else its apiVersion and kind. */
function objectInfo(client: Client, obj: KubernetesObject): ResourceInfo {
  const ctor = (obj as object).constructor;
  if (ctor !== Object) {
    try {
      return client.resourceInfo(ctor as ResourceType);
    } catch {
      // not registered: named by its apiVersion and kind
    }
  }
  const apiVersion = obj.apiVersion ?? '';
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const kind = obj.kind ?? 'object';
  return {
    group: group ?? '',
    version: version ?? '',
    kind,
    plural: `${kind.toLowerCase()}s`,
    namespaced: obj.metadata?.namespace !== undefined,
  };
}
