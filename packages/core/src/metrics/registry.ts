/**
 * The registry of a manager (controller-runtime's `metrics.Registry`): a prom-client
 * `Registry`, served at `/metrics` by the manager's metrics server. Each subsystem registers
 * its own families on it (the controller's, the workqueue's, the REST client's, leader
 * election's, sharding's); users register theirs with `counter`, `gauge` and `histogram`
 * (`families.ts`) or with prom-client's classes (`registers: [mgr.metrics]`).
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
  const registry = options.registry ?? new Registry();
  // the default metrics of a registry shared with another manager are registered already
  const collected = registry.getSingleMetric('process_cpu_user_seconds_total') !== undefined;
  if ((options.collectDefaultMetrics ?? true) && !collected) collectDefaultMetrics({ register: registry });
  return registry;
}
