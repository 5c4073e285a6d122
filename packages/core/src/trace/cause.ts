/**
 * Why a key was queued: one `Cause` per enqueue, recorded where it happens — a source's event
 * (with the handler that mapped it and the predicates it passed), a requeue the reconcile
 * asked for, a retry after an error, a shard hand-off, a retry once the API server answers
 * again. Plain data (JSON as it is), so a page or a CLI can show it as recorded.
 * @module
 */

/**
 * Where a cause came from: a kind source's live event (`kind`), an object of its initial list
 * (`initialList`; `warmupList` while the controller waited for leadership), an update that
 * changed nothing (`resync`), a channel source (`channel`), the reconcile's `requeue` or
 * `requeueAfter`, a `retry` after an error (or an abandoned run), a `shard` hand-off or
 * admission retry, a `reconnect` retry once the API server answers again, or a handler's add
 * outside any event (`handler`).
 */
export type CauseSource =
  | 'kind'
  | 'initialList'
  | 'warmupList'
  | 'resync'
  | 'channel'
  | 'requeue'
  | 'requeueAfter'
  | 'retry'
  | 'shard'
  | 'reconnect'
  | 'handler';

/** The static part of a cause, one per source and handler (never copied per event). */
export interface CauseOrigin {
  /** `kind source: Deployment`, `channel source`. */
  readonly source: string;
  /** `enqueueRequestForObject`, `enqueueRequestForOwner Widget`, `enqueueRequestsFromMapFunc`, or `handler`. */
  readonly handler: string;
  /** The predicates every event of this source passed (all must). */
  readonly predicates: readonly string[];
}

/** One reason a key was queued. */
export interface Cause {
  readonly source: CauseSource;
  /** Milliseconds since the epoch when it happened (for a delayed requeue: when it is due). */
  readonly at: number;
  /** The source, handler and predicates, for causes that came from an event. */
  readonly origin?: CauseOrigin;
  readonly event?: 'create' | 'update' | 'delete' | 'generic';
  /** The object of the event (for owner and map handlers, the object mapped from). */
  readonly kind?: string;
  readonly namespace?: string;
  readonly name?: string;
  readonly resourceVersion?: string;
  readonly generation?: number;
  /** The object's `traceparent` annotation: the traced change that made this event. */
  readonly traceparent?: string;
  /** For `requeueAfter`: the delay asked for. */
  readonly afterMs?: number;
}

/** The object fields a cause copies (references to strings already there; nothing formatted). */
export interface CauseObject {
  kind?: string;
  metadata?: {
    namespace?: string;
    name?: string;
    resourceVersion?: string;
    generation?: number;
    annotations?: Record<string, string> | { [key: string]: string };
  };
}

/** A cause of an event on `object`. */
export function eventCause(
  source: CauseSource,
  origin: CauseOrigin,
  event: NonNullable<Cause['event']>,
  object: CauseObject | undefined,
  at: number,
): Cause {
  const meta = object?.metadata;
  return {
    source,
    at,
    origin,
    event,
    kind: object?.kind,
    namespace: meta?.namespace,
    name: meta?.name,
    resourceVersion: meta?.resourceVersion,
    generation: meta?.generation,
    traceparent: meta?.annotations?.traceparent,
  };
}
