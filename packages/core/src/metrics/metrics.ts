/**
 * Prometheus metrics with controller-runtime's names, labels and buckets, on one prom-client
 * registry per manager (users add their own metrics to `metrics.registry`). Implements the
 * controller's and the workqueue's metric hooks; the four `reconcile_total` results of each
 * controller start at zero, as in controller-runtime, so dashboards see every series.
 * @module
 */
import { createRequire } from 'node:module';
import type * as prom from 'prom-client';
import type { RestClient } from '../client/rest.js';
import type { ControllerMetrics, ReconcileOutcome } from '../controller/metrics.js';
import type { ShardingMetrics } from '../sharding/coordinator.js';
import type { WorkqueueMetrics } from '../workqueue/queue.js';

// prom-client's index also loads Summary (tdigest), the Pushgateway (zlib, http), the cluster
// aggregator, and the default metrics with @opentelemetry/api; the runtime needs the registry
// and three metric classes, and the default metrics only when a `Metrics` collects them.
// prom-client has no exports map, and its version is pinned.
const require = createRequire(import.meta.url);
const Registry = require('prom-client/lib/registry') as typeof prom.Registry;
const Counter = require('prom-client/lib/counter') as typeof prom.Counter;
const Gauge = require('prom-client/lib/gauge') as typeof prom.Gauge;
const Histogram = require('prom-client/lib/histogram') as typeof prom.Histogram;
const collectDefaultMetrics = () => require('prom-client/lib/defaultMetrics') as typeof prom.collectDefaultMetrics;

/** controller-runtime's `reconcile_time_seconds` buckets. */
export const RECONCILE_TIME_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25, 1.5, 1.75,
  2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60,
];
/** client-go's workqueue duration buckets: 1e-8 … 1e3 s, ×10. */
export const WORKQUEUE_DURATION_BUCKETS = Array.from({ length: 12 }, (_, i) => 10 ** (i - 8));

const RESULTS: readonly ReconcileOutcome[] = ['success', 'error', 'requeue', 'requeue_after'];

/**
 * controller-runtime's bound on the `priority` values of `workqueue_depth` per queue: the
 * first 25 priorities seen get their own series, later ones share `exceeded_cardinality_limit`.
 */
const MAX_PRIORITY_SERIES = 25;
const PRIORITY_OVERFLOW = 'exceeded_cardinality_limit';

export interface MetricsOptions {
  /** Default: a new registry. Pass prom-client's global `register` to share it. */
  registry?: prom.Registry;
  /** Node process metrics (`process_*`, `nodejs_*`). Default true. */
  collectDefaultMetrics?: boolean;
}

export class Metrics {
  readonly registry: prom.Registry;
  private readonly reconcileTotal: prom.Counter<'controller' | 'result'>;
  private readonly reconcileErrors: prom.Counter<'controller'>;
  private readonly terminalErrors: prom.Counter<'controller'>;
  private readonly reconcileTime: prom.Histogram<'controller'>;
  private readonly maxConcurrent: prom.Gauge<'controller'>;
  private readonly activeWorkers: prom.Gauge<'controller'>;
  private readonly depth: prom.Gauge<'name' | 'controller' | 'priority'>;
  private readonly adds: prom.Counter<'name' | 'controller'>;
  private readonly queueDuration: prom.Histogram<'name' | 'controller'>;
  private readonly workDuration: prom.Histogram<'name' | 'controller'>;
  private readonly retries: prom.Counter<'name' | 'controller'>;
  private readonly inFlight = new Map<string, () => number[]>();
  readonly leaderStatus: prom.Gauge<'name'>;
  private readonly panics: prom.Counter<'controller'>;
  private readonly timeouts: prom.Counter<'controller'>;
  private readonly abandoned: prom.Gauge<'controller'>;
  private readonly restRequests: prom.Counter<'code' | 'method' | 'host'>;
  private readonly restLatency: prom.Histogram<'verb' | 'host'>;
  private readonly restRateLimiterLatency: prom.Histogram<'verb' | 'host'>;
  private readonly restRetries: prom.Counter<'code' | 'verb' | 'host'>;

  constructor(options: MetricsOptions = {}) {
    this.registry = options.registry ?? new Registry();
    const registers = [this.registry];
    if (options.collectDefaultMetrics ?? true) collectDefaultMetrics()({ register: this.registry });
    const c = 'controller';
    this.reconcileTotal = new Counter({
      name: 'controller_runtime_reconcile_total',
      help: 'Total number of reconciliations per controller',
      labelNames: [c, 'result'],
      registers,
    });
    this.reconcileErrors = new Counter({
      name: 'controller_runtime_reconcile_errors_total',
      help: 'Total number of reconciliation errors per controller',
      labelNames: [c],
      registers,
    });
    this.terminalErrors = new Counter({
      name: 'controller_runtime_terminal_reconcile_errors_total',
      help: 'Total number of terminal reconciliation errors per controller',
      labelNames: [c],
      registers,
    });
    this.reconcileTime = new Histogram({
      name: 'controller_runtime_reconcile_time_seconds',
      help: 'Length of time per reconciliation per controller',
      labelNames: [c],
      buckets: RECONCILE_TIME_BUCKETS,
      registers,
    });
    this.maxConcurrent = new Gauge({
      name: 'controller_runtime_max_concurrent_reconciles',
      help: 'Maximum number of concurrent reconciles per controller',
      labelNames: [c],
      registers,
    });
    this.activeWorkers = new Gauge({
      name: 'controller_runtime_active_workers',
      help: 'Number of currently used workers per controller',
      labelNames: [c],
      registers,
    });
    const q = ['name', c] as const;
    this.depth = new Gauge({
      name: 'workqueue_depth',
      help: 'Current depth of workqueue by workqueue and priority',
      labelNames: [...q, 'priority'],
      registers,
    });
    this.adds = new Counter({
      name: 'workqueue_adds_total',
      help: 'Total number of adds handled by workqueue',
      labelNames: q,
      registers,
    });
    this.queueDuration = new Histogram({
      name: 'workqueue_queue_duration_seconds',
      help: 'How long in seconds an item stays in workqueue before being requested',
      labelNames: q,
      buckets: WORKQUEUE_DURATION_BUCKETS,
      registers,
    });
    this.workDuration = new Histogram({
      name: 'workqueue_work_duration_seconds',
      help: 'How long in seconds processing an item from workqueue takes',
      labelNames: q,
      buckets: WORKQUEUE_DURATION_BUCKETS,
      registers,
    });
    const inFlight = this.inFlight;
    const ages = (labels: Record<string, string>) => inFlight.get(labels.controller as string)?.() ?? [];
    new Gauge({
      name: 'workqueue_unfinished_work_seconds',
      help: 'How many seconds of work has been done that is in progress and has not been observed by work_duration',
      labelNames: q,
      registers,
      collect() {
        for (const controller of inFlight.keys()) {
          const labels = { name: controller, controller };
          this.set(labels, ages(labels).reduce((sum, ms) => sum + ms, 0) / 1000);
        }
      },
    });
    new Gauge({
      name: 'workqueue_longest_running_processor_seconds',
      help: 'How many seconds has the longest running processor for workqueue been running',
      labelNames: q,
      registers,
      collect() {
        for (const controller of inFlight.keys()) {
          const labels = { name: controller, controller };
          this.set(labels, Math.max(0, ...ages(labels)) / 1000);
        }
      },
    });
    this.retries = new Counter({
      name: 'workqueue_retries_total',
      help: 'Total number of retries handled by workqueue',
      labelNames: q,
      registers,
    });
    this.panics = new Counter({
      name: 'controller_runtime_reconcile_panics_total',
      help: 'Total number of reconciliation panics per controller (in Node: TypeError, ReferenceError, RangeError, SyntaxError)',
      labelNames: [c],
      registers,
    });
    this.timeouts = new Counter({
      name: 'controller_runtime_reconcile_timeouts_total',
      help: 'Total number of reconciliation timeouts per controller',
      labelNames: [c],
      registers,
    });
    this.abandoned = new Gauge({
      name: 'operant_reconcile_abandoned',
      help: 'Reconciles still running past their timeout and grace, whose worker was released and whose key waits for them to settle',
      labelNames: [c],
      registers,
    });
    this.restRequests = new Counter({
      name: 'rest_client_requests_total',
      help: 'Number of HTTP requests, partitioned by status code, method, and host',
      labelNames: ['code', 'method', 'host'],
      registers,
    });
    // client-go's latency histograms: by verb and host, the same buckets
    const restHistogram = (name: string, help: string) =>
      new Histogram({
        name,
        help,
        labelNames: ['verb', 'host'] as const,
        buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
        registers,
      });
    this.restLatency = restHistogram(
      'rest_client_request_duration_seconds',
      'Request latency in seconds. Broken down by verb, and host.',
    );
    this.restRateLimiterLatency = restHistogram(
      'rest_client_rate_limiter_duration_seconds',
      'Client side rate limiter latency in seconds. Broken down by verb, and host.',
    );
    this.restRetries = new Counter({
      name: 'rest_client_request_retries_total',
      help: 'Number of request retries, partitioned by status code, verb, and host.',
      labelNames: ['code', 'verb', 'host'],
      registers,
    });
    this.leaderStatus = new Gauge({
      name: 'leader_election_master_status',
      help: 'Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master',
      labelNames: ['name'],
      registers,
    });
  }

  /**
   * The shard metrics of a sharded replica (docs/sharding.md), registered on first call:
   * `operant_shard_members`, `operant_shard_ranges{state=held|active}`,
   * `operant_shard_moves_total{direction=in|out}` (ranges), `operant_shard_objects{kind}`
   * (objects in this replica's cache, read from `objects` at each scrape),
   * `operant_shard_label_writes_total{kind}` (the label sharder's writes) and
   * `operant_shard_config_mismatch` (live members of another shard configuration).
   */
  sharding(objects: () => readonly { kind: string; count: number }[]): ShardingMetrics & {
    labelWrites(kind: string): void;
  } {
    const registers = [this.registry];
    const members = new Gauge({
      name: 'operant_shard_members',
      help: 'Live members of this replica shard group, as it sees them',
      registers,
    });
    const ranges = new Gauge({
      name: 'operant_shard_ranges',
      help: 'Hash ranges this replica holds (claimed) and reconciles (active)',
      labelNames: ['state'],
      registers,
    });
    const moves = new Counter({
      name: 'operant_shard_moves_total',
      help: 'Hash ranges taken (in) and given up (out) by this replica',
      labelNames: ['direction'],
      registers,
    });
    for (const direction of ['in', 'out']) moves.inc({ direction }, 0);
    new Gauge({
      name: 'operant_shard_objects',
      help: 'Objects of each sharded kind in this replica cache',
      labelNames: ['kind'],
      registers,
      collect(this: prom.Gauge<'kind'>) {
        this.reset();
        for (const { kind, count } of objects()) this.set({ kind }, count);
      },
    });
    const labelWrites = new Counter({
      name: 'operant_shard_label_writes_total',
      help: 'Range labels written by the label sharder, per kind',
      labelNames: ['kind'],
      registers,
    });
    const mismatch = new Gauge({
      name: 'operant_shard_config_mismatch',
      help: 'Live members of this replica shard group with another shard configuration (key, ranges, assignment, mode), as it sees them',
      registers,
    });
    return {
      members: (count) => members.set(count),
      mismatched: (count) => mismatch.set(count),
      ranges: (state, count) => ranges.set({ state }, count),
      moved: (direction, count) => moves.inc({ direction }, count),
      labelWrites: (kind) => labelWrites.inc({ kind }),
    };
  }

  /** The controller hooks; the first report of a controller creates its zero series. */
  readonly controller: ControllerMetrics = {
    maxConcurrentReconciles: (controller, count) => {
      for (const result of RESULTS) this.reconcileTotal.inc({ controller, result }, 0);
      this.reconcileErrors.inc({ controller }, 0);
      this.terminalErrors.inc({ controller }, 0);
      this.panics.inc({ controller }, 0);
      this.timeouts.inc({ controller }, 0);
      this.abandoned.set({ controller }, 0);
      this.activeWorkers.set({ controller }, 0);
      this.maxConcurrent.set({ controller }, count);
    },
    activeWorkers: (controller, count) => this.activeWorkers.set({ controller }, count),
    timedOut: (controller) => this.timeouts.inc({ controller }),
    abandoned: (controller, count) => this.abandoned.set({ controller }, count),
    reconciled: (controller, outcome, seconds, terminal, panic) => {
      this.reconcileTotal.inc({ controller, result: outcome });
      if (panic) this.panics.inc({ controller });
      if (outcome === 'error') this.reconcileErrors.inc({ controller });
      if (terminal) this.terminalErrors.inc({ controller });
      this.reconcileTime.observe({ controller }, seconds);
    },
  };

  /**
   * Counts every attempt of a request of `rest` in `rest_client_requests_total{code,method,host}`
   * and its latency (until the response headers) in `rest_client_request_duration_seconds{verb,host}`,
   * the attempts after a `Retry-After` in `rest_client_request_retries_total{code,verb,host}`,
   * and the waits for the client rate limiter in `rest_client_rate_limiter_duration_seconds{verb,host}`
   * (as client-go); returns a remover.
   */
  observeRestClient(rest: Pick<RestClient, 'onResponse' | 'onWait'>): () => void {
    const removeResponses = rest.onResponse(({ method, url, code, seconds, retry }) => {
      this.restRequests.inc({ code, method, host: url.host });
      this.restLatency.observe({ verb: method, host: url.host }, seconds);
      if (retry) this.restRetries.inc({ code, verb: method, host: url.host });
    });
    const removeWaits = rest.onWait(({ method, url, cause, seconds }) => {
      if (cause === 'rateLimiter') this.restRateLimiterLatency.observe({ verb: method, host: url.host }, seconds);
    });
    return () => {
      removeResponses();
      removeWaits();
    };
  }

  /**
   * Hooks for the workqueue of one controller (`name` = `controller` = the controller's name).
   * `workqueue_depth` has controller-runtime's `priority` label: the priority level of the
   * priority queue, `""` for the plain queue.
   */
  workqueue(controller: string): WorkqueueMetrics {
    const labels = { name: controller, controller };
    this.adds.inc(labels, 0);
    this.retries.inc(labels, 0);
    const depth = this.depthByPriority(labels);
    return {
      depth,
      added: () => this.adds.inc(labels),
      started: (ms) => this.queueDuration.observe(labels, ms / 1000),
      finished: (ms) => this.workDuration.observe(labels, ms / 1000),
      retried: () => this.retries.inc(labels),
      inFlight: (ages) => void this.inFlight.set(controller, ages),
    };
  }

  /** Sets `workqueue_depth` from a queue's length per priority, within the series bound. */
  private depthByPriority(labels: { name: string; controller: string }): (n: number, priority?: number) => void {
    const own = new Set<number>();
    const overflow = new Map<number, number>();
    return (n, priority) => {
      if (priority === undefined) {
        this.depth.set({ ...labels, priority: '' }, n);
        return;
      }
      if (own.has(priority) || own.size < MAX_PRIORITY_SERIES) {
        own.add(priority);
        this.depth.set({ ...labels, priority: String(priority) }, n);
        return;
      }
      overflow.set(priority, n);
      let sum = 0;
      for (const count of overflow.values()) sum += count;
      this.depth.set({ ...labels, priority: PRIORITY_OVERFLOW }, sum);
    };
  }
}
