/**
 * The one place events meet user code: apply the predicates, call the handler, and turn a
 * throw or rejection from either into one log line (the event is dropped for this source
 * only; the process never sees it).
 * @module
 */
import type { EventHandler, RequestQueue } from '../api/event-handler.js';
import type { Logger } from '../api/logger.js';
import type { KubernetesObject } from '../api/object.js';
import type { Predicate } from '../api/predicate.js';
import { applies, type EventKind, type EventOf } from '../predicate/funcs.js';

export function dispatcher<T extends KubernetesObject>(
  handler: EventHandler<T>,
  predicates: readonly Predicate<T>[],
  queue: RequestQueue,
  log: Logger,
): <K extends EventKind>(kind: K, event: EventOf<K, T>) => Promise<void> | undefined {
  return (kind, event) => {
    const failed = (err: unknown): void => {
      const obj = (event as { object?: T; objectNew?: T }).object ?? (event as { objectNew?: T }).objectNew;
      log.error(`unable to handle ${kind} event`, {
        namespace: obj?.metadata?.namespace,
        name: obj?.metadata?.name,
        error: err,
      });
    };
    // synchronous handlers (the built-in ones) cost no promise per event
    try {
      if (!applies(predicates, kind, event)) return undefined;
      const handle = handler[kind] as ((e: EventOf<typeof kind, T>, q: RequestQueue) => unknown) | undefined;
      const result = handle?.call(handler, event, queue);
      return result instanceof Promise ? result.then(() => undefined, failed) : undefined;
    } catch (err) {
      failed(err);
      return undefined;
    }
  };
}
