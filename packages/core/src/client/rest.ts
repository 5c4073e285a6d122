/**
 * The wire: one HTTP request to the API server on the process's shared connection for the
 * kubeconfig's cluster and TLS identity (`transport/transport.ts`: HTTP/2 by default, a
 * keep-alive HTTP/1.1 pool as the fallback), with the user's credentials applied per
 * request (`transport/credentials.ts`). Everything above it (client, cache, discovery)
 * speaks `RestRequest` / `RestResponse`. Network failures (refused, reset, a dead session)
 * become `ClientError('transport')` and the next request dials again; aborts become
 * `ClientError('aborted')`; HTTP error statuses are returned, not thrown: callers turn them
 * into errors that name the object. `onRequest` observes every request (tests assert paging
 * with it), `onResponse` every outcome and its latency (the `rest_client_*` metrics).
 *
 * Rate limits, as client-go's `rest.Request`: with `qps` (off by default, as in
 * controller-runtime) every request but a watch's first attempt waits for a token of the
 * client's one bucket (`transport/rate-limiter.ts`); a 429, or a status >= 500, with
 * `Retry-After` is sent again after that many seconds, up to `maxRetries` (10) times, for
 * any verb: the server did not process it (`transport/retry-after.ts`). `onWait` observes
 * both kinds of wait (`rest_client_rate_limiter_duration_seconds`), `onResponse` marks the
 * retried attempts (`rest_client_request_retries_total`).
 * @module
 */
import { type Logger, noopLogger } from '../api/logger.js';
import type { Status } from '../api/status.js';
import { ClientError, statusError } from '../api/status-error.js';
import { sleep } from '../internal/backoff.js';
import { clientCall } from '../trace/client-call.js';
import { formEncode } from './form-encode.js';
import type { KubeCluster, KubeConfigSource, KubeUser } from './kubeconfig.js';
import { Credentials, type TlsIdentity } from './transport/credentials.js';
import { DEFAULT_BURST, type RateLimiter, tokenBucketRateLimiter } from './transport/rate-limiter.js';
import { DEFAULT_MAX_RETRIES, type RetryAfter, retryAfter } from './transport/retry-after.js';
import { http2ByDefault, type TransportOptions, wireFor } from './transport/transport.js';
import type { Wire, WireResponse } from './transport/wire.js';
import { currentController } from './write-origin.js';

export interface RestRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Absolute path, e.g. `/api/v1/namespaces/default/configmaps`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON-serializable body. */
  body?: unknown;
  contentType?: string;
  accept?: string;
  signal?: AbortSignal;
}

/** An answer: its status, flat headers and body, as the wire gives it. */
export type RestResponse = WireResponse;

/** Called once per request, before it is sent. */
export type RequestObserver = (request: { method: string; url: URL }) => void;

/**
 * Called once per attempt of a request when its response headers arrived or it failed: the
 * HTTP status, or `'<error>'` when none arrived, the seconds it took, and whether it was a
 * retry (an attempt after a `Retry-After` response).
 */
export type ResponseObserver = (response: {
  method: string;
  url: URL;
  code: string;
  seconds: number;
  retry: boolean;
}) => void;

/**
 * Called after a request waited before an attempt: for a token of the client rate limiter
 * (`rateLimiter`), or for the `Retry-After` seconds the server asked for (`retryAfter`, with
 * what the server sent). `seconds` is the time it waited.
 */
export type WaitObserver = (wait: {
  method: string;
  url: URL;
  cause: 'rateLimiter' | 'retryAfter';
  seconds: number;
  retryAfter?: RetryAfter & { code: number; attempt: number };
}) => void;

export interface RestClientOptions extends TransportOptions {
  /**
   * Client-side limit in requests per second, shared by every request of this client
   * (`rest.Config.QPS`). Off when unset or <= 0 (the default, as controller-runtime's
   * `GetConfig` sets `QPS = -1`): the API server's priority and fairness limits instead.
   */
  qps?: number;
  /** Requests allowed at once above `qps` (`rest.Config.Burst`); default 10, as client-go. */
  burst?: number;
  /** A limiter of one's own (`rest.Config.RateLimiter`); overrides `qps` and `burst`. */
  rateLimiter?: RateLimiter;
  /** Retries after a `Retry-After` response (`Request.MaxRetries`); default 10, 0 turns them off. */
  maxRetries?: number;
  /** Where throttled requests are logged (debug). */
  logger?: Logger;
}

/**
 * The REST wire the client, the cache and the leader elector share, as others observe it:
 * every request, every outcome (the `rest_client_*` metrics), every wait before an attempt,
 * and the API server becoming reachable again. Each `on…` returns a function that removes
 * the observer.
 */
export interface RestWire {
  readonly rateLimiter: RateLimiter | undefined;
  onRequest(observer: RequestObserver): () => void;
  onResponse(observer: ResponseObserver): () => void;
  onWait(observer: WaitObserver): () => void;
  onReachable(observer: () => void): () => void;
}

/** client-go's `longThrottleLatency`: a rate-limiter wait longer than this is logged. */
const LONG_THROTTLE_MS = 50;

export class RestClient implements RestWire {
  private readonly observers: RequestObserver[] = [];
  private readonly responseObservers: ResponseObserver[] = [];
  private readonly reachableObservers: (() => void)[] = [];
  private readonly waitObservers: WaitObserver[] = [];
  private credentials: Credentials | undefined;
  /** The TLS identity of the last request: when it changes, the old identity's wire is retired. */
  private tls: TlsIdentity | undefined;
  /** A request failed on the wire and no response has arrived since. */
  private unreachable = false;
  /** The client's one token bucket (undefined: no client-side limit). */
  readonly rateLimiter: RateLimiter | undefined;
  private readonly maxRetries: number;
  private readonly logger: Logger;
  /** The wire's options, `DISABLE_HTTP2` read once here (as client-go reads it making its transport), not per request. */
  private readonly transport: TransportOptions;

  constructor(
    readonly kubeConfig: KubeConfigSource,
    options: RestClientOptions = {},
  ) {
    const { qps, burst, rateLimiter } = options;
    this.rateLimiter =
      rateLimiter ?? (qps !== undefined && qps > 0 ? tokenBucketRateLimiter(qps, burst ?? DEFAULT_BURST) : undefined);
    this.maxRetries = Math.max(0, options.maxRetries ?? DEFAULT_MAX_RETRIES);
    this.logger = options.logger ?? noopLogger;
    this.transport = { http2: options.http2 ?? http2ByDefault(), pingIntervalMs: options.pingIntervalMs };
  }

  /** Observes every request of this client; returns a function that removes the observer. */
  onRequest(observer: RequestObserver): () => void {
    return addTo(this.observers, observer);
  }

  /** Observes the outcome of every request (for the `rest_client_*` metrics); returns a remover. */
  onResponse(observer: ResponseObserver): () => void {
    return addTo(this.responseObservers, observer);
  }

  /** Observes every wait before an attempt (rate limiter, `Retry-After`); returns a remover. */
  onWait(observer: WaitObserver): () => void {
    return addTo(this.waitObservers, observer);
  }

  /**
   * Called when a response (any HTTP status) arrives after requests failed on the wire: the
   * API server is reachable again, so whatever waits out an outage (a reflector's backoff,
   * keys a controller requeued for transport errors) can go now. Returns a remover.
   */
  onReachable(observer: () => void): () => void {
    return addTo(this.reachableObservers, observer);
  }

  /** Whether the last request that ended failed on the wire. */
  get reachable(): boolean {
    return !this.unreachable;
  }

  private responded(method: string, url: URL, code: string, started: number, retry: boolean): void {
    const seconds = (performance.now() - started) / 1000;
    for (const observer of this.responseObservers) observer({ method, url, code, seconds, retry });
  }

  private waited(wait: Parameters<WaitObserver>[0]): void {
    for (const observer of this.waitObservers) observer(wait);
  }

  /** Takes a token of the client's rate limiter (client-go's `tryThrottle`), logging a long wait. */
  private async throttle(req: RestRequest, url: URL, reason: string): Promise<void> {
    const limiter = this.rateLimiter;
    if (limiter === undefined) return;
    const started = performance.now();
    if (!limiter.tryAccept()) {
      try {
        await limiter.wait(req.signal);
      } catch (err) {
        throw new ClientError('aborted', `request ${req.method} ${req.path} was aborted before it was sent`, {
          cause: err,
        });
      }
    }
    const ms = performance.now() - started;
    if (ms > LONG_THROTTLE_MS) {
      this.logger.debug('Waited before sending request', {
        delay: `${Math.round(ms)}ms`,
        reason,
        verb: req.method,
        URL: url.href,
      });
    }
    this.waited({ method: req.method, url, cause: 'rateLimiter', seconds: ms / 1000 });
  }

  /** Waits out a `Retry-After` (client-go's `withRetry.Before`); rejects when the request is aborted. */
  private async sleepRetryAfter(
    req: RestRequest,
    url: URL,
    after: RetryAfter,
    code: number,
    attempt: number,
  ): Promise<void> {
    const { seconds, flowSchemaUID, priorityLevelUID } = after;
    this.logger.debug('Got a Retry-After response', {
      delay: `${seconds}s`,
      attempt,
      code,
      verb: req.method,
      url: url.href,
      flowSchemaUID,
      priorityLevelUID,
    });
    const started = performance.now();
    const until = started + seconds * 1000;
    const signal = req.signal ?? new AbortController().signal;
    // a timer may fire a fraction of a millisecond early: the server asked for at least this
    while (performance.now() < until && !signal.aborted) await sleep(until - performance.now(), signal);
    if (signal.aborted) {
      throw new ClientError('aborted', `request ${req.method} ${req.path} was aborted while waiting to retry`);
    }
    const waited = (performance.now() - started) / 1000;
    this.waited({
      method: req.method,
      url,
      cause: 'retryAfter',
      seconds: waited,
      retryAfter: { ...after, code, attempt },
    });
    const reason =
      code === 429
        ? `retries: ${attempt}, retry-after: ${seconds}s - retry-reason: due to server-side throttling, FlowSchema UID: ${JSON.stringify(flowSchemaUID ?? '')}`
        : `retries: ${attempt}, retry-after: ${seconds}s - retry-reason: ${code}`;
    await this.throttle(req, url, reason);
  }

  /** The credentials of the current cluster and user (rebuilt if the current context changed). */
  private credentialsFor(cluster: KubeCluster, user: KubeUser | null): Credentials {
    const known = this.credentials;
    if (known !== undefined && known.cluster === cluster && known.user === user) return known;
    this.credentials = new Credentials(cluster, user, this.kubeConfig);
    return this.credentials;
  }

  /**
   * Sends a request; resolves with any HTTP status, rejects only on transport failure or
   * abort. It waits for the rate limiter first (not a watch), and sends it again after a
   * `Retry-After` response, up to `maxRetries` times; the last response is returned.
   */
  async send(req: RestRequest): Promise<RestResponse> {
    const cluster = this.kubeConfig.getCurrentCluster();
    if (cluster === null || cluster.server === undefined)
      throw new ClientError('invalidArgument', 'unable to send a request: the kubeconfig has no current cluster');
    const url = requestUrl(cluster.server, req);
    // client-go does not rate limit a watch, only its retries (no limiter: nothing to wait for)
    if (this.rateLimiter !== undefined && String(req.query?.watch) !== 'true') {
      await this.throttle(req, url, 'client-side throttling, not priority and fairness');
    }
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    for (let attempt = 0; ; attempt++) {
      const res = await this.attempt(req, url, cluster, body, attempt > 0);
      const after = attempt < this.maxRetries ? retryAfter(res) : undefined;
      if (after === undefined) return res;
      // the connection is reused: read the small error body to its end
      await res.text().catch(() => '');
      await this.sleepRetryAfter(req, url, after, res.status, attempt + 1);
    }
  }

  /** One attempt on the wire, with the credentials as of now. */
  private async attempt(
    req: RestRequest,
    url: URL,
    cluster: KubeCluster,
    body: string | undefined,
    retry: boolean,
  ): Promise<RestResponse> {
    const credentials = this.credentialsFor(cluster, this.kubeConfig.getCurrentUser());
    let wire: Wire;
    const headers: Record<string, string> = { accept: req.accept ?? 'application/json' };
    try {
      const applied = await credentials.forRequest();
      Object.assign(headers, applied.headers);
      const previous = this.tls;
      this.tls = applied.tls;
      wire = wireFor(url.origin, applied.tls, cluster.proxyUrl, this.transport, previous);
    } catch (err) {
      throw new ClientError('unauthorized', `unable to authenticate ${req.method} ${req.path}: ${describe(err)}`, {
        cause: err,
      });
    }
    if (body !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
    for (const observer of this.observers) observer({ method: req.method, url });
    const started = performance.now();
    try {
      const res = await wire.request({
        path: url.pathname + url.search,
        method: req.method,
        headers,
        body,
        signal: req.signal,
      });
      this.responded(req.method, url, String(res.status), started, retry);
      if (res.status === 401) credentials.unauthorized();
      if (this.unreachable) {
        this.unreachable = false;
        for (const observer of [...this.reachableObservers]) observer();
      }
      return res;
    } catch (err) {
      this.responded(req.method, url, '<error>', started, retry);
      if (req.signal?.aborted) {
        throw new ClientError('aborted', `request ${req.method} ${req.path} was aborted`, { cause: err });
      }
      this.unreachable = true;
      throw new ClientError(
        'transport',
        `unable to reach the API server for ${req.method} ${req.path}: ${describe(err)}`,
        { cause: err },
      );
    }
  }

  /**
   * Sends a request and parses the JSON answer; a status >= 400 throws the `ClientError`
   * for it, with `action` ("unable to get ConfigMap default/foo") as the message prefix: a
   * string, or a function that makes it, called only when the request fails (a write's
   * action is not formatted for every write that succeeds).
   */
  async json<T>(req: RestRequest, action: string | (() => string)): Promise<T> {
    // a child span of the active reconcile span; a write recorded on the reconcile (trace/)
    const call = clientCall(req.method, req.path, currentController());
    if (call === undefined) return this.receive<T>(req, action);
    try {
      const value = await this.receive<T>(req, action);
      call.answered(value);
      return value;
    } catch (err) {
      call.failed(err);
      throw err;
    }
  }

  private async receive<T>(req: RestRequest, action: string | (() => string)): Promise<T> {
    const res = await this.send(req);
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      if (req.signal?.aborted) throw new ClientError('aborted', `${actionText(action)}: aborted`, { cause: err });
      throw new ClientError('transport', `${actionText(action)}: unable to read the response: ${describe(err)}`, {
        cause: err,
      });
    }
    if (res.status >= 400) throw statusError(actionText(action), res.status, parseStatus(text));
    try {
      return JSON.parse(text) as T;
    } catch (err) {
      throw new ClientError('transport', `${actionText(action)}: the API server sent invalid JSON`, { cause: err });
    }
  }
}

/** A request's action as text (a function is called only here, on a failure). */
const actionText = (action: string | (() => string)): string => (typeof action === 'string' ? action : action());

/** The Accept header asking for `PartialObjectMetadata` (or its list) instead of whole objects. */
export function metadataAccept(list: boolean): string {
  return `application/json;as=PartialObjectMetadata${list ? 'List' : ''};g=meta.k8s.io;v=v1,application/json`;
}

/** The Status object in an error body, if it is one. */
export function parseStatus(text: string): Status | undefined {
  try {
    const parsed = JSON.parse(text) as Status;
    return parsed !== null && typeof parsed === 'object' && parsed.kind === 'Status' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}

function addTo<T>(list: T[], item: T): () => void {
  list.push(item);
  return () => {
    const i = list.indexOf(item);
    if (i >= 0) list.splice(i, 1);
  };
}

/**
 * The URL of `req` on `server`, its query encoded as `URLSearchParams` would encode it, and
 * the whole parsed once (a `searchParams.set` per parameter re-serialises the URL each time).
 */
function requestUrl(server: string, req: RestRequest): URL {
  const base = server.endsWith('/') ? server.replace(/\/+$/, '') : server;
  let href = base + req.path;
  let separator = req.path.includes('?') ? '&' : '?';
  if (req.query !== undefined) {
    for (const key in req.query) {
      const value = req.query[key];
      if (value === undefined) continue;
      href += `${separator}${formEncode(key)}=${formEncode(String(value))}`;
      separator = '&';
    }
  }
  return new URL(href);
}
