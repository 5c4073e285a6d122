/**
 * OpenTelemetry spans through `@opentelemetry/api`: a no-op unless the application installs
 * an SDK. The API is imported only once a tracer provider is registered (an SDK's
 * `trace.setGlobalTracerProvider`, seen in the API's global registry): when a controller
 * starts (`loadTracing`), or at the first reconcile or request after a late registration.
 * Without an SDK it is never imported, so neither the import of `@operant/core` nor a
 * running manager pays for it.
 *
 * - A span per reconcile (`reconcile <controller>`, a new trace): `operant.controller`,
 *   `k8s.namespace.name`, `operant.name`, `operant.reconcile_id`, `operant.result`,
 *   `operant.requeue`, `operant.requeue_after_ms`, `operant.queue_wait_ms`, and the error as
 *   an exception with status ERROR. It runs as the active span of the reconcile, so client
 *   requests (and the application's own spans) are its children.
 * - Links to its causes, each with the source, handler, predicates and object as
 *   attributes. A cause whose object has a `traceparent` annotation becomes a short
 *   `event <Kind> <event>` span in that trace, at the time it happened, and the link points
 *   at it (so a change made by a traced pipeline connects to the reconciles it caused);
 *   other causes are links with an empty context.
 * - Client requests as child spans (`<VERB> <resource>`, kind CLIENT), see client-call.ts.
 *
 * Nothing of this runs unless the span the tracer returns is recording (`isRecording()`).
 * @module
 */
import type * as OpenTelemetry from '@opentelemetry/api';
import type { Cause } from './cause.js';

type Api = typeof OpenTelemetry;
export type Span = OpenTelemetry.Span;

/** The API, once loaded, and Operant's tracer from it. */
interface Tracing {
  api: Api;
  tracer: OpenTelemetry.Tracer;
}

let tracing: Tracing | undefined;
let loading: Promise<void> | undefined;

/** The instrumentation scope of Operant's spans. */
export const TRACER_NAME = '@operant/core';

/**
 * Where every 1.x copy of `@opentelemetry/api` keeps what the application registered; a
 * tracer provider is under `trace`. Until one is there, every span would be a no-op.
 */
const OTEL_GLOBAL = Symbol.for('opentelemetry.js.api.1');

const providerRegistered = (): boolean =>
  (globalThis as { [OTEL_GLOBAL]?: { trace?: unknown } })[OTEL_GLOBAL]?.trace !== undefined;

/** Imports `@opentelemetry/api` once a tracer provider is registered (the controllers' start awaits it). */
export function loadTracing(): Promise<void> {
  if (loading === undefined && providerRegistered()) {
    loading = import('@opentelemetry/api').then(
      (api) => {
        tracing = { api, tracer: api.trace.getTracer(TRACER_NAME) };
      },
      () => undefined,
    );
  }
  return loading ?? Promise.resolve();
}

/** The OpenTelemetry API once loaded; a provider registered later starts its import, for the spans after it. */
export function tracingApi(): Tracing | undefined {
  if (tracing === undefined && loading === undefined) void loadTracing();
  return tracing;
}

/** How a reconcile ended, for its span. */
export interface SpanOutcome {
  result: string;
  requeue: boolean;
  requeueAfterMs: number | undefined;
  error: unknown;
  queueWaitMs: number | undefined;
}

/** The span of one reconcile, when one records. */
export class ReconcileSpan {
  private constructor(
    private readonly otel: Api,
    readonly span: Span,
  ) {}

  /** Starts the span of a reconcile of `namespace/name` caused by `causes`; undefined when nothing records. */
  static start(
    spanName: string,
    controller: string,
    namespace: string,
    name: string,
    causes: readonly Cause[],
  ): ReconcileSpan | undefined {
    const loaded = tracingApi();
    if (loaded === undefined) return undefined;
    const otel = loaded.api;
    // the attributes go in the options: the SDK checks each once, with no call after
    const attributes = { 'operant.controller': controller, 'k8s.namespace.name': namespace, 'operant.name': name };
    const span = loaded.tracer.startSpan(spanName, { root: true, attributes }, otel.ROOT_CONTEXT);
    // causes become spans only under a recording reconcile span (no SDK: nothing is built)
    if (!span.isRecording()) return undefined;
    if (causes.length > 0) span.addLinks(causes.map((cause) => causeLink(loaded, cause)));
    return new ReconcileSpan(otel, span);
  }

  /** The trace and span ids, for the log fields `trace_id` and `span_id`. */
  get ids(): { trace_id: string; span_id: string } {
    const { traceId, spanId } = this.span.spanContext();
    return { trace_id: traceId, span_id: spanId };
  }

  /** Runs `fn` with this span active. */
  within<R>(fn: () => R): R {
    const otel = this.otel;
    return otel.context.with(otel.trace.setSpan(otel.context.active(), this.span), fn);
  }

  end(outcome: SpanOutcome, reconcileID: string): void {
    const span = this.span;
    const attributes: OpenTelemetry.Attributes = {
      'operant.reconcile_id': reconcileID,
      'operant.result': outcome.result,
      'operant.requeue': outcome.requeue,
    };
    if (outcome.requeueAfterMs !== undefined) attributes['operant.requeue_after_ms'] = outcome.requeueAfterMs;
    if (outcome.queueWaitMs !== undefined) attributes['operant.queue_wait_ms'] = outcome.queueWaitMs;
    span.setAttributes(attributes);
    if (outcome.error !== undefined) {
      const error = outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
      span.recordException(error);
      span.setStatus({ code: this.otel.SpanStatusCode.ERROR, message: error.message });
    }
    span.end();
  }
}

/**
 * The link to a cause, with its attributes. A cause whose object carried a `traceparent`
 * becomes a short span in that trace, and the link points at it: the traced pipeline sees
 * the reconciles its change caused. Any other cause has no span to point at, and makes
 * none (a one-span trace per event would only add noise): its link carries an empty
 * context and the attributes, as OpenTelemetry's specification provides for.
 */
function causeLink({ api: otel, tracer }: Tracing, cause: Cause): OpenTelemetry.Link {
  const attributes = causeAttributes(cause);
  const parent = parseTraceparent(otel, cause.traceparent);
  if (parent === undefined) return { context: otel.INVALID_SPAN_CONTEXT, attributes };
  const context = otel.trace.setSpanContext(otel.ROOT_CONTEXT, parent);
  const name = cause.event === undefined ? cause.source : `event ${cause.kind ?? 'object'} ${cause.event}`;
  const event = tracer.startSpan(name, { startTime: cause.at, attributes }, context);
  event.end(cause.at);
  return { context: event.spanContext(), attributes };
}

function causeAttributes(cause: Cause): OpenTelemetry.Attributes {
  const attributes: OpenTelemetry.Attributes = { 'operant.cause.source': cause.source };
  const set = (key: string, value: string | number | readonly string[] | undefined) => {
    if (value !== undefined) attributes[key] = value as OpenTelemetry.AttributeValue;
  };
  set('operant.cause.event', cause.event);
  set('operant.cause.handler', cause.origin?.handler);
  set('operant.cause.watch', cause.origin?.source);
  set('operant.cause.predicates', cause.origin?.predicates);
  set('k8s.object.kind', cause.kind);
  set('k8s.namespace.name', cause.namespace);
  set('k8s.object.name', cause.name);
  set('k8s.object.resource_version', cause.resourceVersion);
  set('k8s.object.generation', cause.generation);
  set('operant.cause.after_ms', cause.afterMs);
  return attributes;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The span context of a W3C `traceparent` (version 00), if it is one. */
export function parseTraceparent(otel: Api, value: string | undefined): OpenTelemetry.SpanContext | undefined {
  const match = value === undefined ? null : TRACEPARENT.exec(value.trim());
  if (match === null) return undefined;
  const context = {
    traceId: match[1] as string,
    spanId: match[2] as string,
    traceFlags: parseInt(match[3] as string, 16),
    isRemote: true,
  };
  return otel.trace.isSpanContextValid(context) ? context : undefined;
}
