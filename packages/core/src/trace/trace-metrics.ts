/**
 * The families of causes and hot loops, registered on the manager's registry:
 * `operant_predicate_dropped_events_total{controller,source,predicate}` (events a predicate
 * of a watch dropped; the first predicate that said no counts it) and
 * `operant_hot_loops_total{controller}` (hot-loop warnings, hot-loop.ts).
 * @module
 */
import { counter } from '../metrics/families.js';
import type { MetricsRegistry } from '../metrics/registry.js';

/** What a controller reports of its causes. */
export interface TraceMetrics {
  /** The counter increment of events `predicate` of `source` dropped (looked up once per watch). */
  predicateDropped(source: string, predicate: string): () => void;
  hotLoop(): void;
}

/** The families on `registry`; a function giving one controller's hooks. */
export function traceMetrics(registry: MetricsRegistry): (controller: string) => TraceMetrics {
  const dropped = counter(registry, {
    name: 'operant_predicate_dropped_events_total',
    help: 'Events that a predicate of a watch dropped, per controller, source and predicate',
    labelNames: ['controller', 'source', 'predicate'],
  });
  const hotLoops = counter(registry, {
    name: 'operant_hot_loops_total',
    help: 'Hot loops found: a key reconciled again and again, mostly because of its controller’s own writes',
    labelNames: ['controller'],
  });
  return (controller) => {
    const loops = hotLoops.labels({ controller });
    return {
      predicateDropped: (source, predicate) => {
        const child = dropped.labels({ controller, source, predicate });
        return () => child.inc();
      },
      hotLoop: () => loops.inc(),
    };
  };
}
