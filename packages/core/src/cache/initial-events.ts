/**
 * The initial set of a streaming list (KEP-3157 "WatchList", client-go's `WatchListClient`):
 * a WATCH with `sendInitialEvents=true&resourceVersionMatch=NotOlderThan` and no
 * resourceVersion starts with an ADDED event per object (a consistent read, as a quorum
 * list), then a BOOKMARK annotated `k8s.io/initial-events-end: "true"` whose
 * resourceVersion is the set's; live events follow on the same stream.
 *
 * `InitialEvents` gathers the objects of one such stream until that bookmark and hands the
 * complete set over once; a stream that ends before it yields nothing. A server without the
 * feature either refuses the parameters (kube-apiserver with `WatchList=false`: 422
 * Invalid, "sendInitialEvents is forbidden for watch unless the WatchList feature gate is
 * enabled") or ignores them and serves a plain watch, whose bookmarks lack the annotation.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { ClientError } from '../api/status-error.js';
import type { WatchEvent } from './watch-stream.js';

/** The annotation of the bookmark that ends the initial events. */
export const INITIAL_EVENTS_END = 'k8s.io/initial-events-end';

/** The query parameters that turn a watch into a streaming list (besides `allowWatchBookmarks`). */
export const STREAMING_LIST_QUERY = { sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan' } as const;

/** Whether a refused streaming watch means the server does not serve streaming lists (400, 422). */
export function refusesStreamingList(error: ClientError): boolean {
  return error.code === 400 || error.code === 422;
}

export class InitialEvents {
  /** Aborts once the server shows that it ignored `sendInitialEvents` (the stream is a plain watch). */
  readonly ignoredSignal: AbortSignal;
  private readonly ignore = new AbortController();
  private readonly objects = new Map<string, KubernetesObject>();
  private ended = false;

  constructor() {
    this.ignoredSignal = this.ignore.signal;
  }

  /** The initial-events-end bookmark arrived and the set was handed over. */
  get complete(): boolean {
    return this.ended;
  }

  get ignored(): boolean {
    return this.ignore.signal.aborted;
  }

  /** The sink took the complete set: later events are live. */
  markComplete(): void {
    this.ended = true;
  }

  /**
   * Takes one event of the initial phase, holding its object as `sink.prepare` makes it;
   * returns the complete set when `event` ends it.
   */
  take(event: WatchEvent, sink: { prepare(obj: KubernetesObject): KubernetesObject }): KubernetesObject[] | undefined {
    const metadata = event.object.metadata;
    if (event.type === 'BOOKMARK') {
      if (metadata?.annotations?.[INITIAL_EVENTS_END] !== 'true') {
        this.ignore.abort();
        return undefined;
      }
      const all = [...this.objects.values()];
      this.objects.clear();
      return all;
    }
    const key = `${metadata?.namespace ?? ''}/${metadata?.name ?? ''}`;
    if (event.type === 'DELETED') this.objects.delete(key);
    else this.objects.set(key, sink.prepare(event.object));
    return undefined;
  }
}
