/**
 * The one place events meet user code: apply the predicates, call the handler, and turn a
 * throw or rejection from either into one log line (the event is dropped for this source
 * only; the process never sees it). On a controller's queue that records causes, an event a
 * predicate drops is counted for that predicate, and the handler's adds are recorded as
 * causes of the event (its source, handler and predicates; trace/cause-log.ts).
 * @module
 */
import type { EventHandler, RequestQueue } from '../api/event-handler.js';
import type { Logger } from '../api/logger.js';
import type { KubernetesObject } from '../api/object.js';
import type { Predicate } from '../api/predicate.js';
import { type EventKind, type EventOf, passes } from '../predicate/funcs.js';
import type { CauseOrigin, CauseSource } from '../trace/cause.js';
import { causeLogOf } from '../trace/cause-log.js';
import { handlerName, predicateName } from '../trace/handler-name.js';

type AnyEvent<T> = { object?: T; objectOld?: T; objectNew?: T; isInInitialList?: boolean };

/** The cause source of an event of a kind source (`channel`: of a channel source). */
function causeSource<T extends KubernetesObject>(channel: boolean, kind: EventKind, event: AnyEvent<T>): CauseSource {
  if (channel) return 'channel';
  if (kind === 'create' && event.isInInitialList) return 'initialList';
  if (kind === 'update' && event.objectOld?.metadata?.resourceVersion === event.objectNew?.metadata?.resourceVersion) {
    return 'resync';
  }
  return 'kind';
}

export function dispatcher<T extends KubernetesObject>(
  handler: EventHandler<T>,
  predicates: readonly Predicate<T>[],
  queue: RequestQueue,
  log: Logger,
  source = { name: 'source', channel: false },
): <K extends EventKind>(kind: K, event: EventOf<K, T>) => Promise<void> | undefined {
  const causes = causeLogOf(queue);
  const names = predicates.map(predicateName);
  const origin: CauseOrigin = { source: source.name, handler: handlerName(handler), predicates: names };
  const dropped = names.map((name) => causes?.predicateDropped?.(source.name, name));
  const failed = (kind: EventKind, event: AnyEvent<T>, err: unknown): void => {
    const obj = event.object ?? event.objectNew;
    log.error(`unable to handle ${kind} event`, {
      namespace: obj?.metadata?.namespace,
      name: obj?.metadata?.name,
      error: err,
    });
  };
  return (kind, event) => {
    // synchronous handlers (the built-in ones) cost no promise or closure per event
    try {
      for (let i = 0; i < predicates.length; i++) {
        if (passes(predicates[i] as Predicate<T>, kind, event)) continue;
        dropped[i]?.();
        return undefined;
      }
      const handle = handler[kind] as ((e: EventOf<typeof kind, T>, q: RequestQueue) => unknown) | undefined;
      if (handle === undefined) return undefined;
      let result: unknown;
      if (causes === undefined) result = handle.call(handler, event, queue);
      else {
        const e = event as AnyEvent<T>;
        causes.dispatching(causeSource(source.channel, kind, e), origin, kind, e.objectNew ?? e.object);
        try {
          result = handle.call(handler, event, queue);
        } finally {
          causes.dispatched();
        }
      }
      if (!(result instanceof Promise)) return undefined;
      return result.then(
        () => undefined,
        (err: unknown) => failed(kind, event as AnyEvent<T>, err),
      );
    } catch (err) {
      failed(kind, event as AnyEvent<T>, err);
      return undefined;
    }
  };
}
