/**
 * The reflector keeps a sink current with one scope of one kind (a namespace or all, plus
 * label/field selectors): a paged LIST (`limit`/`continue`), then WATCH from the list's
 * resourceVersion with `allowWatchBookmarks` and a randomized `timeoutSeconds`.
 *
 * With `watchList` (default on) the initial set and every relist come as a streaming list
 * instead (initial-events.ts): one WATCH whose initial ADDED events end with an
 * initial-events-end bookmark, at which the sink gets `replace` and the same stream carries
 * on with live events. A server that refuses the parameters (400/422) or ignores them (a
 * bookmark without the annotation) gets paged lists for the rest of the reflector's life;
 * any other failure before the bookmark backs off and lists by pages once (a stream that
 * ended early never reaches the sink). 410 restarts the stream, as it relists.
 *
 * - A normal close (the server's timeout) resumes from the last seen resourceVersion.
 * - 410 Gone (HTTP or in-stream, or an expired `continue`) relists; the sink computes the
 *   difference, including deletes of objects that vanished meanwhile.
 * - Any other failure (transport, 5xx, 403, watchdog) backs off with jitter and watches
 *   again from the last resourceVersion (relisting if that has expired). A failure on the
 *   wire (refused, reset: the API server is down or restarting) waits at most
 *   `transportRetryMaxMs` (dialing a closed port costs nothing), and any wait ends as soon
 *   as the RestClient sees the server answer again, so a restarted API server is
 *   noticed within seconds, not after a 30 s backoff step.
 * - resourceVersions are opaque strings; nothing compares them.
 * - `run(signal)` never rejects and never exits the process; it returns after `signal`
 *   aborts, with its request and timers gone.
 * @module
 */
import { type LogFields, type Logger, noopLogger } from '../api/logger.js';
import type { KubernetesList, KubernetesObject } from '../api/object.js';
import { ClientError } from '../api/status-error.js';
import { describeObject, resourcePath } from '../client/paths.js';
import { metadataAccept, type RestClient } from '../client/rest.js';
import { Backoff, type BackoffOptions, sleep } from '../internal/backoff.js';
import type { ResourceInfo } from '../resources/resource-type.js';
import { InitialEvents, refusesStreamingList, STREAMING_LIST_QUERY } from './initial-events.js';
import { runWatch, type WatchEnd } from './watch-stream.js';

/** What a reflector feeds. */
export interface ReflectorSink {
  /**
   * The form the sink stores an object in (the informer's transform), applied to every
   * listed, added or modified object as it arrives: `replace` and `upsert` get its result.
   * A streaming list holds its initial objects until their end, so they are held in this
   * form (managedFields stripped) rather than as they came.
   */
  prepare(obj: KubernetesObject): KubernetesObject;
  /** The complete current set of objects of the reflector's scope (after a list or a streaming list), prepared. */
  replace(objects: KubernetesObject[]): void;
  upsert(obj: KubernetesObject): void;
  /** An object deleted, as the server sent it. */
  remove(obj: KubernetesObject): void;
}

export interface ReflectorScope {
  info: ResourceInfo;
  /** Undefined: all namespaces (or a cluster-scoped kind). */
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** The API server's shard selector (`ListOptions.shardSelector`), sent on list and watch. */
  shardSelector?: string;
  /** Ask for `PartialObjectMetadata` instead of whole objects. */
  metadataOnly?: boolean;
}

export interface ReflectorOptions {
  /** LIST page size (default 500). */
  pageSize?: number;
  /** Watches ask the server to close after a random time in [min, 2·min) seconds (default 300). */
  minWatchTimeoutSeconds?: number;
  /** Abort and resume a watch that sent nothing (not even a bookmark) for this long (default 180 000 ms). */
  inactivityTimeoutMs?: number;
  /** Longest wait after a failure on the wire (default 2 000 ms). */
  transportRetryMaxMs?: number;
  /**
   * Sync by streaming lists (`sendInitialEvents`, KEP-3157) where the server serves them,
   * paged lists elsewhere (default true). false: always paged lists (client-go's
   * `WatchListClient` feature gate off).
   */
  watchList?: boolean;
  backoff?: BackoffOptions;
  logger?: Logger;
}

/** Liveness of one reflector, for health checks. */
export interface ReflectorHealth {
  /** The first list completed. */
  synced: boolean;
  /** A watch request is open (a streaming list's: past its initial events). */
  watching: boolean;
  resourceVersion: string | undefined;
  lastSyncTime: Date | undefined;
  /** Last watch event or bookmark. */
  lastEventTime: Date | undefined;
  lastBookmarkTime: Date | undefined;
  /** Failed attempts since the last success. */
  consecutiveFailures: number;
  lastError: ClientError | undefined;
  /** Lists (paged or streaming) done (1 = only the initial one). */
  lists: number;
}

export class Reflector {
  private readonly state: ReflectorHealth = {
    synced: false,
    watching: false,
    resourceVersion: undefined,
    lastSyncTime: undefined,
    lastEventTime: undefined,
    lastBookmarkTime: undefined,
    consecutiveFailures: 0,
    lastError: undefined,
    lists: 0,
  };
  private readonly backoff: Backoff;
  private readonly log: Logger;
  private readonly pageSize: number;
  private readonly minWatchTimeout: number;
  private readonly inactivityMs: number;
  private readonly transportRetryMaxMs: number;
  private readonly path: string;
  private readonly what: string;
  private watchEvents = 0;
  private goneStreak = 0;
  /** Streaming lists are wanted and the server has not refused or ignored one. */
  private streaming: boolean;
  /** The next list goes by pages (a streaming list failed before its end). */
  private pagedOnce = false;

  constructor(
    private readonly rest: RestClient,
    private readonly scope: ReflectorScope,
    private readonly sink: ReflectorSink,
    options: ReflectorOptions = {},
  ) {
    this.backoff = new Backoff(options.backoff);
    this.pageSize = options.pageSize ?? 500;
    this.minWatchTimeout = options.minWatchTimeoutSeconds ?? 300;
    this.inactivityMs = options.inactivityTimeoutMs ?? 180_000;
    this.transportRetryMaxMs = options.transportRetryMaxMs ?? 2000;
    this.streaming = options.watchList ?? true;
    this.path = resourcePath(scope.info, scope.namespace);
    this.what = describeObject(scope.info, scope.namespace);
    const fields: LogFields = { kind: scope.info.kind, namespace: scope.namespace ?? '' };
    this.log = (options.logger ?? noopLogger).child(fields);
  }

  health(): Readonly<ReflectorHealth> {
    return { ...this.state };
  }

  /** Lists and watches until `signal` aborts. Never rejects. */
  async run(signal: AbortSignal): Promise<void> {
    let needList = true;
    while (!signal.aborted) {
      try {
        if (needList && this.streaming && !this.pagedOnce) {
          needList = await this.streamList(signal);
          continue;
        }
        if (needList) {
          await this.list(signal);
          needList = false;
          this.pagedOnce = false;
        }
        const started = Date.now();
        const end = await this.watch(signal);
        needList = await this.afterWatch(end, started, signal);
      } catch (err) {
        if (signal.aborted) break;
        const error = ClientError.is(err)
          ? err
          : new ClientError('transport', `unable to list ${this.what}`, { cause: err });
        if (error.kind === 'gone') {
          needList = true; // an expired continue token: start the list over
        }
        await this.fail(error, signal);
      }
    }
    this.state.watching = false;
  }

  /** Decides what follows a watch; returns whether to relist. */
  private async afterWatch(end: WatchEnd, started: number, signal: AbortSignal): Promise<boolean> {
    // a watch that ended within a second without an event did not work, whatever the reason
    const fruitless = this.watchEvents === 0 && Date.now() - started < 1000;
    if (!fruitless) this.goneStreak = 0;
    switch (end.reason) {
      case 'aborted':
        return false;
      case 'closed':
        if (fruitless) {
          await this.fail(
            new ClientError('transport', `unable to watch ${this.what}: the server closed the watch at once`),
            signal,
          );
        } else this.log.debug('watch closed, resuming', { resourceVersion: this.state.resourceVersion });
        return false;
      case 'gone':
        this.log.info('watch expired (410), relisting', { resourceVersion: this.state.resourceVersion });
        this.state.lastError = end.error;
        if (this.goneStreak++ > 0) await this.fail(end.error, signal);
        return true;
      case 'error':
        await this.fail(end.error, signal);
        return false;
    }
  }

  /** One streaming list, carried on as the watch once complete; returns whether to list again. */
  private async streamList(signal: AbortSignal): Promise<boolean> {
    const started = Date.now();
    const initial = new InitialEvents();
    const end = await this.watch(AbortSignal.any([signal, initial.ignoredSignal]), initial);
    if (initial.complete) return this.afterWatch(end, started, signal);
    if (end.reason === 'aborted') {
      if (initial.ignored) this.pagedFromNowOn('the server ignored sendInitialEvents (a bookmark without the end)');
    } else if (end.reason === 'gone') {
      await this.afterWatch(end, started, signal);
    } else if (end.reason === 'error' && refusesStreamingList(end.error)) {
      this.pagedFromNowOn(end.error.message);
    } else {
      this.pagedOnce = true;
      const what = `unable to watch ${this.what}: the stream ended before the initial-events-end bookmark`;
      await this.fail(end.reason === 'error' ? end.error : new ClientError('transport', what), signal);
    }
    return true;
  }

  private pagedFromNowOn(why: string): void {
    this.streaming = false;
    this.log.info('streaming lists unavailable, listing by pages', { reason: why });
  }

  private async fail(error: ClientError, signal: AbortSignal): Promise<void> {
    this.state.lastError = error;
    this.state.consecutiveFailures++;
    const step = this.backoff.next();
    const delay = error.kind === 'transport' ? Math.min(step, this.transportRetryMaxMs) : step;
    this.log.warn('list/watch failed, retrying', { error, reason: error.kind, retryInMs: delay });
    // the server answering any request of the wire (another reflector, a write) ends the wait
    const reachable = new AbortController();
    const wake = () => reachable.abort();
    signal.addEventListener('abort', wake, { once: true });
    const remove = this.rest.onReachable(() => {
      this.backoff.reset();
      wake();
    });
    try {
      await sleep(delay, reachable.signal);
    } finally {
      remove();
      signal.removeEventListener('abort', wake);
    }
  }

  private succeeded(): void {
    this.state.consecutiveFailures = 0;
    this.backoff.reset();
  }

  private async list(signal: AbortSignal): Promise<void> {
    const items: KubernetesObject[] = [];
    let token: string | undefined;
    let resourceVersion: string | undefined;
    do {
      const page = await this.rest.json<KubernetesList>(
        {
          method: 'GET',
          path: this.path,
          query: { ...this.selectors(), limit: this.pageSize, continue: token },
          accept: this.scope.metadataOnly ? metadataAccept(true) : undefined,
          signal,
        },
        `unable to list ${this.what}`,
      );
      // an empty PartialObjectMetadataList comes back with `items: null`
      for (const item of page.items ?? []) items.push(this.sink.prepare(this.withKind(item, page)));
      resourceVersion = page.metadata?.resourceVersion;
      token = page.metadata?.continue || undefined;
    } while (token !== undefined);
    this.listed(items, resourceVersion);
  }

  /** The complete set is in: hand it to the sink and count a list. */
  private listed(items: KubernetesObject[], resourceVersion: string | undefined): void {
    this.sink.replace(items);
    this.state.resourceVersion = resourceVersion;
    this.state.lists++;
    this.state.lastSyncTime = new Date();
    this.succeeded();
    this.state.synced = true;
  }

  /** Watches from the last resourceVersion, or (with `initial`) streams the whole set first. */
  private async watch(signal: AbortSignal, initial?: InitialEvents): Promise<WatchEnd> {
    const timeoutSeconds = Math.floor(this.minWatchTimeout * (1 + Math.random()));
    this.state.watching = initial === undefined;
    this.watchEvents = 0;
    try {
      return await runWatch(
        this.rest,
        {
          path: this.path,
          query: {
            ...this.selectors(),
            watch: 'true',
            ...(initial === undefined ? { resourceVersion: this.state.resourceVersion } : STREAMING_LIST_QUERY),
            allowWatchBookmarks: 'true',
            timeoutSeconds,
          },
          accept: this.scope.metadataOnly ? metadataAccept(false) : undefined,
          inactivityMs: Math.min(this.inactivityMs, timeoutSeconds * 1000 + 30_000),
          action: `unable to watch ${this.what}`,
        },
        (event) => {
          const now = new Date();
          this.watchEvents++;
          this.state.lastEventTime = now;
          if (event.type === 'BOOKMARK') this.state.lastBookmarkTime = now;
          if (initial !== undefined && !initial.complete) {
            // the initial set comes in no resourceVersion order: only its end tells where it stands
            const all = initial.take(event, this.sink);
            if (all === undefined) return;
            this.listed(all, event.object.metadata?.resourceVersion);
            this.state.watching = true;
            return initial.markComplete();
          }
          if (event.type === 'DELETED') this.sink.remove(event.object);
          else if (event.type !== 'BOOKMARK') this.sink.upsert(this.sink.prepare(event.object));
          // only after the sink took the event: a throwing transform makes the watch resume before it
          this.advance(event.object);
        },
        signal,
      );
    } finally {
      this.state.watching = false;
    }
  }

  private advance(object: KubernetesObject): void {
    const rv = object.metadata?.resourceVersion;
    if (rv !== undefined && rv !== '') this.state.resourceVersion = rv;
    if (this.state.consecutiveFailures > 0) this.succeeded();
  }

  private selectors(): Record<string, string | undefined> {
    const { labelSelector, fieldSelector, shardSelector } = this.scope;
    return { labelSelector, fieldSelector, shardSelector };
  }

  /** List items come without apiVersion/kind; give them the list's (or the resource's). */
  private withKind(item: KubernetesObject, page: KubernetesList): KubernetesObject {
    if (item.kind !== undefined && item.apiVersion !== undefined) return item;
    if (this.scope.metadataOnly) {
      item.apiVersion = 'meta.k8s.io/v1';
      item.kind = 'PartialObjectMetadata';
      return item;
    }
    const { group, version, kind } = this.scope.info;
    item.apiVersion = page.apiVersion ?? (group === '' ? version : `${group}/${version}`);
    item.kind = kind;
    return item;
  }
}
