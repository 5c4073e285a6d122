/**
 * `kind(cache, Type, handler, ...predicates)`: events of one kind from the shared informer
 * (controller-runtime's `source.Kind`). Starting registers a handler on the informer (a
 * late registration receives the current objects as initial-list creates, marked
 * `isInInitialList`, which the built-in handlers queue at low priority on the priority queue);
 * the source has synced once its handler has seen the whole initial list. A watch event the informer marks
 * as the echo of the queue's own controller's status write (`queue.echoesOf`) is dropped.
 * @module
 */
import type { EventHandler, RequestQueue } from '../api/event-handler.js';
import { type Logger, noopLogger } from '../api/logger.js';
import type { KubernetesObject } from '../api/object.js';
import type { Predicate } from '../api/predicate.js';
import type { Source } from '../api/source.js';
import type { Informer } from '../cache/informer.js';
import type { HandlerRegistration } from '../cache/resource-event-handler.js';
import type { Echo } from '../cache/written-objects.js';
import type { ResourceType } from '../resources/resource-type.js';
import { dispatcher } from './dispatch.js';

/** What a kind source needs of the cache. */
export interface InformerSource {
  getInformer<T extends KubernetesObject>(type: ResourceType<T>): Informer<T>;
}

class KindSource<T extends KubernetesObject> implements Source {
  private informer: Informer<T> | undefined;
  private registration: HandlerRegistration | undefined;

  constructor(
    private readonly cache: InformerSource,
    private readonly type: ResourceType<T>,
    private readonly handler: EventHandler<T>,
    private readonly predicates: readonly Predicate<T>[],
  ) {}

  async start(signal: AbortSignal, queue: RequestQueue, log: Logger = noopLogger): Promise<void> {
    if (this.registration !== undefined) throw new Error(`unable to start ${this}: it was already started`);
    const informer = this.cache.getInformer(this.type);
    this.informer = informer;
    const name = String(this);
    const dispatch = dispatcher(this.handler, this.predicates, queue, log.child({ source: name }), {
      name,
      channel: false,
    });
    const registration = informer.addEventHandler({
      onAdd: (object, isInInitialList, echoOf) =>
        unlessEcho(echoOf, queue.echoesOf, () => dispatch('create', { object, isInInitialList })),
      onUpdate: (objectOld, objectNew, echoOf) =>
        unlessEcho(echoOf, queue.echoesOf, () => dispatch('update', { objectOld, objectNew })),
      onDelete: (object, deleteStateUnknown) => dispatch('delete', { object, deleteStateUnknown }),
    });
    this.registration = registration;
    signal.addEventListener('abort', () => registration.remove(), { once: true });
  }

  async waitForSync(signal: AbortSignal): Promise<void> {
    const informer = this.informer;
    const registration = this.registration;
    if (informer === undefined || registration === undefined) {
      throw new Error(`unable to wait for ${this} to sync: it was not started`);
    }
    if (!(await informer.waitForSync(signal))) throw new Error(`${this} did not sync before it was stopped`);
    while (!registration.hasSynced()) {
      if (signal.aborted) throw new Error(`${this} did not sync before it was stopped`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  toString(): string {
    return `kind source: ${this.informer?.info.kind ?? (typeof this.type === 'function' ? this.type.name : this.type.kind)}`;
  }
}

/** Dispatches an event unless it echoes `controller`'s own status write (deciding once the write's answer is in). */
function unlessEcho(
  echoOf: Echo,
  controller: string | undefined,
  dispatch: () => Promise<void> | undefined,
): Promise<void> | undefined {
  if (echoOf === undefined || controller === undefined) return dispatch();
  if (typeof echoOf === 'string') return echoOf === controller ? undefined : dispatch();
  return echoOf.then((writer) => (writer === controller ? undefined : dispatch()));
}

export function kind<T extends KubernetesObject>(
  cache: InformerSource,
  type: ResourceType<T>,
  handler: EventHandler<T>,
  ...predicates: Predicate<T>[]
): Source {
  return new KindSource(cache, type, handler, predicates);
}
