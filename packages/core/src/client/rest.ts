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
 * @module
 */
import type { Dispatcher } from 'undici';
import type { Status } from '../api/status.js';
import { ClientError, statusError } from './errors.js';
import type { KubeCluster, KubeConfigSource, KubeUser } from './kubeconfig.js';
import { Credentials } from './transport/credentials.js';
import { dispatcherFor, type TransportOptions } from './transport/transport.js';

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

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  text(): Promise<string>;
  /** The body as a stream of chunks (watches read it incrementally). */
  stream(): AsyncIterable<Uint8Array> | null;
}

/** Called once per request, before it is sent. */
export type RequestObserver = (request: { method: string; url: URL }) => void;

/**
 * Called once per request when its response headers arrived or it failed: the HTTP status,
 * or `'<error>'` when none arrived, and the seconds it took.
 */
export type ResponseObserver = (response: { method: string; url: URL; code: string; seconds: number }) => void;

export interface RestClientOptions extends TransportOptions {}

export class RestClient {
  private readonly observers: RequestObserver[] = [];
  private readonly responseObservers: ResponseObserver[] = [];
  private readonly reachableObservers: (() => void)[] = [];
  private credentials: Credentials | undefined;
  /** A request failed on the wire and no response has arrived since. */
  private unreachable = false;

  constructor(
    readonly kubeConfig: KubeConfigSource,
    private readonly options: RestClientOptions = {},
  ) {}

  /** Observes every request of this client; returns a function that removes the observer. */
  onRequest(observer: RequestObserver): () => void {
    return addTo(this.observers, observer);
  }

  /** Observes the outcome of every request (for the `rest_client_*` metrics); returns a remover. */
  onResponse(observer: ResponseObserver): () => void {
    return addTo(this.responseObservers, observer);
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

  private responded(method: string, url: URL, code: string, started: number): void {
    const seconds = (performance.now() - started) / 1000;
    for (const observer of this.responseObservers) observer({ method, url, code, seconds });
  }

  /** The credentials of the current cluster and user (rebuilt if the current context changed). */
  private credentialsFor(cluster: KubeCluster, user: KubeUser | null): Credentials {
    const known = this.credentials;
    if (known !== undefined && known.cluster === cluster && known.user === user) return known;
    this.credentials = new Credentials(cluster, user, this.kubeConfig);
    return this.credentials;
  }

  /** Sends a request; resolves with any HTTP status, rejects only on transport failure or abort. */
  async send(req: RestRequest): Promise<RestResponse> {
    const cluster = this.kubeConfig.getCurrentCluster();
    if (cluster === null || cluster.server === undefined)
      throw new ClientError('invalidArgument', 'unable to send a request: the kubeconfig has no current cluster');
    const url = new URL(cluster.server.replace(/\/+$/, '') + req.path);
    for (const [key, value] of Object.entries(req.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const credentials = this.credentialsFor(cluster, this.kubeConfig.getCurrentUser());
    let dispatcher: Dispatcher;
    const headers: Record<string, string> = { accept: req.accept ?? 'application/json' };
    try {
      const applied = await credentials.forRequest();
      Object.assign(headers, applied.headers);
      dispatcher = dispatcherFor(url.origin, applied.tls, cluster.proxyUrl, this.options);
    } catch (err) {
      throw new ClientError('unauthorized', `unable to authenticate ${req.method} ${req.path}: ${describe(err)}`, {
        cause: err,
      });
    }
    let body: string | undefined;
    if (req.body !== undefined) {
      headers['content-type'] = req.contentType ?? 'application/json';
      body = JSON.stringify(req.body);
    }
    for (const observer of this.observers) observer({ method: req.method, url });
    const started = performance.now();
    try {
      const res = await dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: req.method,
        headers,
        body,
        signal: req.signal,
      });
      this.responded(req.method, url, String(res.statusCode), started);
      if (res.statusCode === 401) credentials.unauthorized();
      if (this.unreachable) {
        this.unreachable = false;
        for (const observer of [...this.reachableObservers]) observer();
      }
      return {
        status: res.statusCode,
        headers: flatHeaders(res.headers),
        text: () => res.body.text(),
        stream: () => res.body,
      };
    } catch (err) {
      this.responded(req.method, url, '<error>', started);
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
   * for it, with `action` ("unable to get ConfigMap default/foo") as the message prefix.
   */
  async json<T>(req: RestRequest, action: string): Promise<T> {
    const res = await this.send(req);
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      if (req.signal?.aborted) throw new ClientError('aborted', `${action}: aborted`, { cause: err });
      throw new ClientError('transport', `${action}: unable to read the response: ${describe(err)}`, { cause: err });
    }
    if (res.status >= 400) throw statusError(action, res.status, parseStatus(text));
    try {
      return JSON.parse(text) as T;
    } catch (err) {
      throw new ClientError('transport', `${action}: the API server sent invalid JSON`, { cause: err });
    }
  }
}

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

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
