/**
 * The registry of a manager (controller-runtime's `metrics.Registry`): a prom-client
 * `Registry`, served at `/metrics` by the manager's metrics server. Each subsystem registers
 * its own families on it (the controller's, the workqueue's, the REST client's, leader
 * election's, sharding's); users register theirs with `counter`, `gauge` and `histogram`
 * (`families.ts`) or with prom-client's classes (`registers: [mgr.metrics]`).
 *
 * A new registry registers the Node process metrics (prom-client's default metrics,
 * `process_*` and `nodejs_*`) when it is first read (a scrape, `metrics()`,
 * `getMetricsAsJSON()`), or when a metric of those names is looked up, registered or removed:
 * like controller-runtime's process collector, they cost nothing until someone asks, and a
 * manager that nobody scrapes does not load them. The event loop lag and GC figures count
 * from that first read. A registry passed in gets them at once, as before.
 * @module
 */
import type * as prom from 'prom-client';
import { collectDefaultMetrics, Registry } from './prom-client.js';

/** The registry a manager exposes as `metrics`: prom-client's `Registry`. */
export type MetricsRegistry = prom.Registry;

export interface MetricsOptions {
  /** Default: a new registry. Pass prom-client's global `register` to share it. */
  registry?: MetricsRegistry;
  /** Node process metrics (`process_*`, `nodejs_*`). Default true. */
  collectDefaultMetrics?: boolean;
}

/** A manager's registry: `options.registry` or a new one, with the Node process metrics unless turned off. */
export function newRegistry(options: MetricsOptions = {}): MetricsRegistry {
  const collect = options.collectDefaultMetrics ?? true;
  if (options.registry === undefined) return collect ? new ProcessMetricsOnRead() : new Registry();
  const registry = options.registry;
  // the default metrics of a registry shared with another manager are registered already
  const collected = registry.getSingleMetric('process_cpu_user_seconds_total') !== undefined;
  if (collect && !collected) collectDefaultMetrics({ register: registry });
  return registry;
}

const isProcessMetric = (name: string) => name.startsWith('process_') || name.startsWith('nodejs_');

/** A Registry that registers prom-client's default metrics on its first read (see the module header). */
class ProcessMetricsOnRead extends Registry {
  #pending = true;

  #collect(): void {
    if (!this.#pending) return;
    this.#pending = false;
    collectDefaultMetrics({ register: this });
  }

  override getMetricsAsArray(): prom.MetricObject[] {
    this.#collect();
    return super.getMetricsAsArray();
  }

  override getSingleMetric(name: string): prom.Metric | undefined {
    if (isProcessMetric(name)) this.#collect();
    return super.getSingleMetric(name);
  }

  override getSingleMetricAsString(name: string): Promise<string> {
    if (isProcessMetric(name)) this.#collect();
    return super.getSingleMetricAsString(name);
  }

  override registerMetric(metric: prom.Metric): void {
    if (isProcessMetric((metric as unknown as { name: string }).name)) this.#collect();
    super.registerMetric(metric);
  }

  override removeSingleMetric(name: string): void {
    if (isProcessMetric(name)) this.#collect();
    super.removeSingleMetric(name);
  }

  override clear(): void {
    this.#pending = false;
    super.clear();
  }
}
