/**
 * Causes and reconcile spans on the real control plane, with the OpenTelemetry SDK's
 * in-memory exporter: an owned Deployment's status change produces a reconcile span of its
 * Widget linked to the Deployment's event (handler named, parented by the Deployment's
 * `traceparent`), with the client's request as a child span and the run's log line carrying
 * its `trace_id`; two events merged by the queue's dedup show both causes; an event a
 * predicate drops reconciles nothing and is counted for that predicate; and the SDK's
 * OTLP/HTTP exporter delivers the reconcile span to a collector (a receiver in the test).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import type { LogFields } from '../src/api/logger.js';
import { controllerManagedBy } from '../src/builder/builder.js';
import { ApiClient } from '../src/client/api-client.js';
import { mergePatch } from '../src/client/patch.js';
import type { Manager } from '../src/manager/interfaces.js';
import { newManager } from '../src/manager/manager.js';
import { Deployment } from '../src/resources/kinds.js';
import {
  eventually,
  installWidgetCrd,
  newNamespace,
  startManager,
  useCleanups,
  WidgetType,
} from './fixtures/helpers.js';
import { recordingLogger, widget } from './fixtures/traced.js';

/** The OTLP/HTTP JSON encoding of an export request, as far as the test reads it. */
interface OtlpRequest {
  resourceSpans: {
    scopeSpans: {
      scope: { name: string };
      spans: {
        traceId: string;
        spanId: string;
        name: string;
        attributes: { key: string; value: { stringValue?: string; boolValue?: boolean } }[];
        links?: { traceId: string; spanId: string; attributes: { key: string; value: { stringValue?: string } }[] }[];
      }[];
    }[];
  }[];
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN_ID = '00f067aa0ba902b7';

describeWithControlPlane('causes and reconcile spans on the real API server', () => {
  const kc = sharedKubeConfig();
  const external = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();
  const exporter = new InMemorySpanExporter();
  const contextManager = new AsyncLocalStorageContextManager();
  /** What the OTLP/HTTP receiver was sent, decoded. */
  const received: OtlpRequest[] = [];
  let receiver: Server;
  let provider: BasicTracerProvider;
  let ns: string;
  let mgr: Manager;
  let lines: LogFields[];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.url === '/v1/traces') received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpRequest);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/traces`;
    provider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter), new SimpleSpanProcessor(new OTLPTraceExporter({ url }))],
    });
    context.setGlobalContextManager(contextManager.enable());
    trace.setGlobalTracerProvider(provider);
    await installWidgetCrd(external);
  }, 60_000);

  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
    await new Promise((resolve) => receiver.close(resolve));
  });

  beforeEach(async () => {
    exporter.reset();
    lines = [];
    ns = await newNamespace(external, 'causes');
    mgr = newManager({ kubeConfig: kc, cache: { defaultNamespaces: [ns] }, logger: recordingLogger(lines) });
  }, 30_000);

  const reconcileSpans = (name: string): ReadableSpan[] =>
    exporter.getFinishedSpans().filter((s) => s.name.startsWith('reconcile ') && s.attributes['operant.name'] === name);

  it("should link the owner's reconcile span to the owned Deployment's status event, naming the handler", async () => {
    controllerManagedBy(mgr)
      .for(WidgetType)
      .owns(Deployment)
      .named('owner')
      .withOptions({ recordCauses: true })
      .complete({
        async reconcile(request, { log }) {
          const w = await mgr.client.get(WidgetType, request);
          await mgr.client.status().patch(w, mergePatch({ status: { phase: 'Seen' } }));
          log.info('reconciled');
        },
      });
    startManager(mgr, cleanup);
    const owner = await external.create(widget(ns, 'w'));
    const deployment = await external.create({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        namespace: ns,
        name: 'd',
        annotations: { traceparent: `00-${TRACE_ID}-${PARENT_SPAN_ID}-01` },
        ownerReferences: [
          {
            apiVersion: 'core.operant.test/v1',
            kind: 'Widget',
            name: 'w',
            uid: owner.metadata?.uid ?? '',
            controller: true,
          },
        ],
      },
      spec: {
        selector: { matchLabels: { app: 'd' } },
        template: { metadata: { labels: { app: 'd' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } },
      },
    });
    await eventually(() => expect(reconcileSpans('w').length).toBeGreaterThan(0));
    await external.status().patch(deployment, mergePatch({ status: { replicas: 1, observedGeneration: 1 } }));

    let found: { reconcile: ReadableSpan; link: ReadableSpan['links'][number] } | undefined;
    await eventually(() => {
      for (const reconcile of reconcileSpans('w')) {
        const link = reconcile.links.find(
          (l) =>
            l.attributes?.['k8s.object.kind'] === 'Deployment' && l.attributes?.['operant.cause.event'] === 'update',
        );
        if (link !== undefined) found = { reconcile, link };
      }
      expect(found).toBeDefined();
    });
    const { reconcile, link } = found as NonNullable<typeof found>;
    expect(reconcile.attributes).toMatchObject({
      'operant.controller': 'owner',
      'k8s.namespace.name': ns,
      'operant.name': 'w',
      'operant.result': 'success',
      'operant.requeue': false,
    });
    expect(reconcile.attributes['operant.reconcile_id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(link.attributes).toMatchObject({
      'operant.cause.source': 'kind',
      'operant.cause.handler': 'enqueueRequestForOwner Widget',
      'operant.cause.watch': 'kind source: Deployment',
      'k8s.object.name': 'd',
    });
    // the Deployment's traceparent: the event span continues that trace
    expect(link.context.traceId).toBe(TRACE_ID);
    const event = exporter.getFinishedSpans().find((s) => s.spanContext().spanId === link.context.spanId);
    expect(event?.parentSpanContext?.spanId).toBe(PARENT_SPAN_ID);
    // the status patch is a child span of the reconcile
    const reconcileId = reconcile.spanContext().spanId;
    const patch = exporter
      .getFinishedSpans()
      .find((s) => s.kind === SpanKind.CLIENT && s.parentSpanContext?.spanId === reconcileId);
    expect(patch?.name).toBe('PATCH widgets/status');
    expect(patch?.attributes['http.request.method']).toBe('PATCH');
    // the run's log line carries the trace
    const logged = lines.find(
      (l) => l.message === 'reconciled' && l.span_id === reconcileId && l.trace_id === reconcile.spanContext().traceId,
    );
    expect(logged).toMatchObject({ controller: 'owner', namespace: ns, name: 'w' });
  }, 60_000);

  it('should show both causes of two events merged by the queue while the key was in flight', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const controller = controllerManagedBy(mgr)
      .for(WidgetType)
      .named('merged')
      .withOptions({ recordCauses: true })
      .complete({
        async reconcile() {
          runs++;
          if (runs === 1) await held;
        },
      });
    cleanup(async () => release());
    startManager(mgr, cleanup);
    const w = await external.create(widget(ns, 'm'));
    await eventually(() => expect(runs).toBe(1));
    await external.patch(w, mergePatch({ metadata: { labels: { first: 'yes' } } }));
    await external.patch(w, mergePatch({ metadata: { labels: { second: 'yes' } } }));
    await eventually(() => expect(controller.recentReconciles(`${ns}/m`).keys[0]?.waiting.length).toBe(2));
    release();
    await eventually(() => expect(runs).toBe(2));
    await eventually(() => expect(controller.recentReconciles(`${ns}/m`).keys[0]?.reconciles.length).toBe(2));

    const [key] = controller.recentReconciles(`${ns}/m`).keys;
    const second = key?.reconciles[1];
    expect(second?.causes.map((c) => [c.source, c.event, c.kind, c.name, c.origin?.handler])).toEqual([
      ['kind', 'update', 'Widget', 'm', 'enqueueRequestForObject'],
      ['kind', 'update', 'Widget', 'm', 'enqueueRequestForObject'],
    ]);
    const versions = second?.causes.map((c) => Number(c.resourceVersion));
    expect(versions?.[1]).toBeGreaterThan(versions?.[0] ?? Infinity);
    expect(second).toMatchObject({ result: 'success', droppedCauses: 0, ownWriteCauses: 0, writes: [] });
    expect(key?.reconciles[0]?.causes.map((c) => c.event)).toEqual(['create']);
    await eventually(() => {
      const spans = reconcileSpans('m');
      expect(spans).toHaveLength(2);
      expect(spans[1]?.links).toHaveLength(2);
    });
    // no traceparent on the object: each link names its cause with an empty context, no span stands for it
    expect(
      reconcileSpans('m')[1]?.links.map((l) => [l.context.traceId, l.attributes?.['operant.cause.event']]),
    ).toEqual([
      ['0'.repeat(32), 'update'],
      ['0'.repeat(32), 'update'],
    ]);
    expect(
      exporter.getFinishedSpans().filter((s) => s.name.startsWith('event ') && s.attributes['k8s.object.name'] === 'm'),
    ).toEqual([]);
  }, 60_000);

  it('should reconcile nothing for an event a predicate drops, and count it for that predicate', async () => {
    const reconciled: string[] = [];
    controllerManagedBy(mgr)
      .for(WidgetType)
      .named('filtered')
      .withOptions({ recordCauses: true })
      .withEventFilter({
        name: 'notSkipped',
        create: (e) => e.object.metadata?.labels?.skip === undefined,
      } as Parameters<ReturnType<typeof controllerManagedBy>['withEventFilter']>[0])
      .complete({
        async reconcile(request) {
          reconciled.push(request.name);
        },
      });
    startManager(mgr, cleanup);
    await external.create(widget(ns, 'skipped', { skip: 'yes' }));
    await external.create(widget(ns, 'passed'));
    await eventually(() => expect(reconciled).toContain('passed'));
    expect(reconciled).not.toContain('skipped');
    const dropped = await mgr.metrics.getSingleMetric('operant_predicate_dropped_events_total')?.get();
    expect(dropped?.values).toContainEqual({
      labels: { controller: 'filtered', source: 'kind source: Widget', predicate: 'notSkipped' },
      value: 1,
    });
    const spans = exporter.getFinishedSpans().filter((s) => s.name === 'reconcile filtered');
    expect(spans.map((s) => s.attributes['operant.name'])).toEqual(['passed']);
  }, 60_000);

  it('should deliver the reconcile span, its attributes and links, to a collector over OTLP/HTTP', async () => {
    controllerManagedBy(mgr)
      .for(WidgetType)
      .named('exported')
      .withOptions({ recordCauses: true })
      .complete({ async reconcile() {} });
    startManager(mgr, cleanup);
    await external.create(widget(ns, 'o'));
    const exported = () =>
      received
        .flatMap((r) => r.resourceSpans)
        .flatMap((r) => r.scopeSpans)
        .filter((s) => s.scope.name === '@operant/core')
        .flatMap((s) => s.spans)
        .filter((s) => s.name === 'reconcile exported');
    await eventually(() => expect(exported()).toHaveLength(1));
    const [span] = exported();
    const attribute = (key: string) => span?.attributes.find((a) => a.key === key)?.value;
    expect(attribute('operant.controller')).toEqual({ stringValue: 'exported' });
    expect(attribute('operant.name')).toEqual({ stringValue: 'o' });
    expect(attribute('operant.result')).toEqual({ stringValue: 'success' });
    const local = reconcileSpans('o')[0]?.spanContext();
    expect(span?.traceId).toBe(local?.traceId);
    expect(span?.spanId).toBe(local?.spanId);
    expect(span?.links?.[0]?.attributes).toContainEqual({
      key: 'operant.cause.handler',
      value: { stringValue: 'enqueueRequestForObject' },
    });
  }, 60_000);
});
