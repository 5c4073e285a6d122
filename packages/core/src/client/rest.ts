/**
 * The wire: one HTTP request to the API server, signed by client-node's `KubeConfig`
 * (certificates, tokens, exec plugins, proxies) and sent with client-node's fetch library.
 * Everything above it (client, cache, discovery) speaks `RestRequest` / `RestResponse`.
 * Network failures become `ClientError('transport')`, aborts `ClientError('aborted')`;
 * HTTP error statuses are returned, not thrown: callers turn them into errors that name
 * the object. `onRequest` observes every request (tests assert paging with it).
 * @module
 */
import { HttpMethod, IsomorphicFetchHttpLibrary, type KubeConfig, RequestContext } from '@kubernetes/client-node';
import { ClientError, type Status, statusError } from './errors.js';

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
  /** The body as a stream (watches read it incrementally). */
  stream(): ReadableStream<Uint8Array> | null;
}

/** Called once per request, before it is sent. */
export type RequestObserver = (request: { method: string; url: URL }) => void;

/** Called once per request when it ends: the HTTP status, or `'<error>'` when none arrived. */
export type ResponseObserver = (response: { method: string; url: URL; code: string }) => void;

export class RestClient {
  private readonly http = new IsomorphicFetchHttpLibrary();
  private readonly observers: RequestObserver[] = [];
  private readonly responseObservers: ResponseObserver[] = [];

  constructor(readonly kubeConfig: KubeConfig) {}

  /** Observes every request of this client; returns a function that removes the observer. */
  onRequest(observer: RequestObserver): () => void {
    this.observers.push(observer);
    return () => {
      const i = this.observers.indexOf(observer);
      if (i >= 0) this.observers.splice(i, 1);
    };
  }

  /** Observes the outcome of every request (for `rest_client_requests_total`); returns a remover. */
  onResponse(observer: ResponseObserver): () => void {
    this.responseObservers.push(observer);
    return () => {
      const i = this.responseObservers.indexOf(observer);
      if (i >= 0) this.responseObservers.splice(i, 1);
    };
  }

  private responded(method: string, url: URL, code: string): void {
    for (const observer of this.responseObservers) observer({ method, url, code });
  }

  /** Sends a request; resolves with any HTTP status, rejects only on transport failure or abort. */
  async send(req: RestRequest): Promise<RestResponse> {
    const server = this.kubeConfig.getCurrentCluster()?.server;
    if (server === undefined)
      throw new ClientError('invalidArgument', 'unable to send a request: the kubeconfig has no current cluster');
    const url = new URL(server.replace(/\/+$/, '') + req.path);
    for (const [key, value] of Object.entries(req.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const ctx = new RequestContext(url.toString(), HttpMethod[req.method]);
    try {
      await this.kubeConfig.applySecurityAuthentication(ctx);
    } catch (err) {
      throw new ClientError('unauthorized', `unable to authenticate ${req.method} ${req.path}: ${describe(err)}`, {
        cause: err,
      });
    }
    ctx.setHeaderParam('Accept', req.accept ?? 'application/json');
    if (req.body !== undefined) {
      ctx.setHeaderParam('Content-Type', req.contentType ?? 'application/json');
      ctx.setBody(JSON.stringify(req.body));
    }
    if (req.signal !== undefined) ctx.setSignal(req.signal);
    for (const observer of this.observers) observer({ method: req.method, url });
    try {
      const res = await this.http.send(ctx).toPromise();
      this.responded(req.method, url, String(res.httpStatusCode));
      return {
        status: res.httpStatusCode,
        headers: res.headers,
        text: () => res.body.text(),
        stream: () => res.body.stream(),
      };
    } catch (err) {
      this.responded(req.method, url, '<error>');
      if (req.signal?.aborted) {
        throw new ClientError('aborted', `request ${req.method} ${req.path} was aborted`, { cause: err });
      }
      throw new ClientError(
        'transport',
        `unable to reach the API server for ${req.method} ${req.path}: ${describe(err)}`,
        {
          cause: err,
        },
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
