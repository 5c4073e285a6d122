/**
 * What a client request means for tracing and for the controller on whose behalf it runs:
 * a child span of the active reconcile span (`<VERB> <resource>`, kind CLIENT, with
 * `http.request.method`, `k8s.resource`, `url.path` and, on failure, the status code), and,
 * for a write answered with an object, the write recorded on the reconcile (`ReconcileRun`),
 * which makes its resourceVersion one of the controller's own (the write origin of a
 * reconcile that records causes is its `ReconcileRun`). The REST client calls
 * `clientCall` once per request (undefined when there is nothing to do) and tells the call
 * how the request ended (`answered`, `failed`), without a promise of its own.
 * @module
 */

import type { WrittenObject } from './own-writes.js';
import type { Span } from './spans.js';
import { tracingApi } from './spans.js';

/** A reconcile that records its writes (the run a controller's write origin is). */
export interface RecordsWrites {
  wrote(verb: string, obj: WrittenObject): void;
}

/** The end of one client request. */
export class ClientCall {
  constructor(
    private readonly verb: string,
    private readonly span: Span | undefined,
    private readonly run: RecordsWrites | undefined,
  ) {}

  /** The request was answered with `value`: a write's object is recorded on the reconcile. */
  answered(value: unknown): void {
    if (this.run !== undefined && isObject(value)) this.run.wrote(this.verb, value);
    this.span?.end();
  }

  /** The request failed with `err`. */
  failed(err: unknown): void {
    const span = this.span;
    if (span === undefined) return;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'number') span.setAttribute('http.response.status_code', code);
    span.recordException(err instanceof Error ? err : new Error(String(err)));
    span.setStatus({ code: 2, message: err instanceof Error ? err.message : String(err) });
    span.end();
  }
}

/** The call's span and write record, or undefined when neither applies. `origin`: the current write origin. */
export function clientCall(verb: string, path: string, origin: object | undefined): ClientCall | undefined {
  const write = verb === 'POST' || verb === 'PUT' || verb === 'PATCH';
  const run = write && origin !== undefined && 'wrote' in origin ? (origin as RecordsWrites) : undefined;
  const span = clientSpan(verb, path);
  return span === undefined && run === undefined ? undefined : new ClientCall(verb, span, run);
}

function clientSpan(verb: string, path: string): Span | undefined {
  const tracing = tracingApi();
  if (tracing === undefined) return undefined;
  const { api, tracer } = tracing;
  const parent = api.trace.getSpan(api.context.active());
  if (parent === undefined || !parent.isRecording()) return undefined;
  const resource = resourceOf(path);
  return tracer.startSpan(`${verb} ${resource}`, {
    kind: api.SpanKind.CLIENT,
    attributes: { 'http.request.method': verb, 'k8s.resource': resource, 'url.path': path },
  });
}

/** `configmaps` of `/api/v1/namespaces/ns/configmaps/name`, `deployments/status` of a status path. */
export function resourceOf(path: string): string {
  const parts = path.split('/').filter((p) => p !== '');
  let i = parts[0] === 'api' ? 2 : 3;
  if (parts[i] === 'namespaces' && parts.length > i + 2) i += 2;
  const resource = parts[i] ?? path;
  const sub = parts[i + 2];
  return sub === undefined ? resource : `${resource}/${sub}`;
}

const isObject = (v: unknown): v is WrittenObject => typeof v === 'object' && v !== null;
