/**
 * The workqueue's Prometheus families, with client-go's names and buckets as
 * controller-runtime registers them (its `metrics/workqueue.go`), labelled `name` and
 * `controller` (both the controller's name): `workqueue_depth{priority}`,
 * `workqueue_adds_total`, `workqueue_queue_duration_seconds`,
 * `workqueue_work_duration_seconds`, `workqueue_unfinished_work_seconds`,
 * `workqueue_longest_running_processor_seconds` and `workqueue_retries_total`. They live
 * with the controller, which makes its queue, so `workqueue/` stays free of prom-client.
 * The depth and in-flight gauges change on every add and hand-out: the queue's hooks keep
 * plain numbers and the gauges read them at scrape time, so a key costs no label hashing.
 * @module
 */
import { counter, gauge, histogram } from '../metrics/families.js';
import type { MetricsRegistry } from '../metrics/registry.js';
import type { WorkqueueMetrics } from '../workqueue/queue.js';

/** client-go's workqueue duration buckets: 1e-8 … 1e3 s, ×10. */
export const WORKQUEUE_DURATION_BUCKETS = Array.from({ length: 12 }, (_, i) => 10 ** (i - 8));

/**
 * controller-runtime's bound on the `priority` values of `workqueue_depth` per queue: the
 * first 25 priorities seen get their own series, later ones share `exceeded_cardinality_limit`.
 */
const MAX_PRIORITY_SERIES = 25;
const PRIORITY_OVERFLOW = 'exceeded_cardinality_limit';

type QueueLabels = { name: string; controller: string };

/** Per registry: how long each controller's handed-out keys have run, read at scrape time. */
const inFlightByRegistry = new WeakMap<MetricsRegistry, Map<string, () => number[]>>();

/** One queue's length per priority level (`undefined`: the plain queue), and the levels with a series of their own. */
interface QueueDepth {
  readonly lengths: Map<number | undefined, number>;
  readonly own: Set<number>;
}

/** Per registry: each controller's queue lengths, kept as plain numbers and set on the gauge at scrape time. */
const depthsByRegistry = new WeakMap<MetricsRegistry, Map<string, QueueDepth>>();

function perRegistry<V>(map: WeakMap<MetricsRegistry, Map<string, V>>, registry: MetricsRegistry): Map<string, V> {
  let values = map.get(registry);
  if (values === undefined) {
    values = new Map();
    map.set(registry, values);
  }
  return values;
}

/** A gauge set at each scrape from the in-flight ages (ms) of every queue on `registry`. */
function inFlightGauge(
  registry: MetricsRegistry,
  name: string,
  help: string,
  seconds: (ages: number[]) => number,
): void {
  const inFlight = perRegistry(inFlightByRegistry, registry);
  gauge(registry, {
    name,
    help,
    labelNames: ['name', 'controller'],
    collect() {
      for (const [controller, ages] of inFlight) this.set({ name: controller, controller }, seconds(ages()));
    },
  });
}

/**
 * Registers the workqueue families on `registry` (on first call) and returns the hooks of
 * one controller's queue (client-go's `MetricsProvider`). `workqueue_depth` has
 * controller-runtime's `priority` label: the priority level of the priority queue, `""` for
 * the plain queue.
 */
export function workqueueMetrics(registry: MetricsRegistry): (controller: string) => WorkqueueMetrics {
  const labelNames = ['name', 'controller'] as const;
  const depths = perRegistry(depthsByRegistry, registry);
  gauge(registry, {
    name: 'workqueue_depth',
    help: 'Current depth of workqueue by workqueue and priority',
    labelNames: [...labelNames, 'priority'],
    collect() {
      for (const [controller, depth] of depths) setDepths(this, { name: controller, controller }, depth);
    },
  });
  const adds = counter(registry, {
    name: 'workqueue_adds_total',
    help: 'Total number of adds handled by workqueue',
    labelNames,
  });
  const queueDuration = histogram(registry, {
    name: 'workqueue_queue_duration_seconds',
    help: 'How long in seconds an item stays in workqueue before being requested',
    labelNames,
    buckets: WORKQUEUE_DURATION_BUCKETS,
  });
  const workDuration = histogram(registry, {
    name: 'workqueue_work_duration_seconds',
    help: 'How long in seconds processing an item from workqueue takes',
    labelNames,
    buckets: WORKQUEUE_DURATION_BUCKETS,
  });
  inFlightGauge(
    registry,
    'workqueue_unfinished_work_seconds',
    'How many seconds of work has been done that is in progress and has not been observed by work_duration',
    (ages) => ages.reduce((sum, ms) => sum + ms, 0) / 1000,
  );
  inFlightGauge(
    registry,
    'workqueue_longest_running_processor_seconds',
    'How many seconds has the longest running processor for workqueue been running',
    (ages) => Math.max(0, ...ages) / 1000,
  );
  const retries = counter(registry, {
    name: 'workqueue_retries_total',
    help: 'Total number of retries handled by workqueue',
    labelNames,
  });
  const inFlight = perRegistry(inFlightByRegistry, registry);
  return (controller) => {
    const labels: QueueLabels = { name: controller, controller };
    adds.inc(labels, 0);
    retries.inc(labels, 0);
    let depth = depths.get(controller);
    if (depth === undefined) {
      depth = { lengths: new Map(), own: new Set() };
      depths.set(controller, depth);
    }
    const { lengths } = depth;
    return {
      depth: (n, priority) => void lengths.set(priority, n),
      added: () => adds.inc(labels),
      started: (ms) => queueDuration.observe(labels, ms / 1000),
      finished: (ms) => workDuration.observe(labels, ms / 1000),
      retried: () => retries.inc(labels),
      inFlight: (ages) => void inFlight.set(controller, ages),
    };
  };
}

/** Sets `workqueue_depth` of one queue from its lengths per priority, within the series bound. */
function setDepths(depth: ReturnType<typeof gauge<string>>, labels: QueueLabels, { lengths, own }: QueueDepth): void {
  let overflow: number | undefined;
  for (const [priority, n] of lengths) {
    if (priority === undefined) depth.set({ ...labels, priority: '' }, n);
    else if (own.has(priority) || own.size < MAX_PRIORITY_SERIES) {
      own.add(priority);
      depth.set({ ...labels, priority: String(priority) }, n);
    } else overflow = (overflow ?? 0) + n;
  }
  if (overflow !== undefined) depth.set({ ...labels, priority: PRIORITY_OVERFLOW }, overflow);
}
