import { describe, expect, it } from '@jest/globals';
import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { loadTracing, ReconcileSpan, tracingApi } from './spans.js';

describe('tracing without and with an SDK', () => {
  it('hands out no API and starts no span until a tracer provider is registered, then records from the next reconcile', async () => {
    await loadTracing();
    expect(tracingApi()).toBeUndefined();
    expect(ReconcileSpan.start('reconcile widget', 'widget', 'ns', 'a', [])).toBeUndefined();

    // registered after the controllers started, as an application that sets up tracing late would
    const exporter = new InMemorySpanExporter();
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
    tracingApi();
    await loadTracing();
    expect(tracingApi()?.api.trace).toBe(trace);
    const span = ReconcileSpan.start('reconcile widget', 'widget', 'ns', 'b', []);
    span?.end(
      { result: 'success', requeue: false, requeueAfterMs: undefined, error: undefined, queueWaitMs: 2 },
      'id-1',
    );
    const [finished] = exporter.getFinishedSpans();
    expect(finished?.name).toBe('reconcile widget');
    expect(finished?.attributes).toMatchObject({
      'operant.controller': 'widget',
      'operant.name': 'b',
      'operant.reconcile_id': 'id-1',
      'operant.queue_wait_ms': 2,
    });
    trace.disable();
  });
});
