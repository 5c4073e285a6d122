/**
 * The controller's Prometheus families, with controller-runtime's names, labels and buckets
 * (its `internal/controller/metrics`), registered on the registry given:
 * `controller_runtime_reconcile_total{controller,result}`, `..._reconcile_errors_total`,
 * `..._terminal_reconcile_errors_total`, `..._reconcile_time_seconds`,
 * `..._max_concurrent_reconciles`, `..._active_workers`, `..._reconcile_panics_total`,
 * `..._reconcile_timeouts_total`, and Operant's `operant_reconcile_abandoned{controller}`.
 * The four `reconcile_total` results of each controller start at zero, as in
 * controller-runtime, so dashboards see every series. `active_workers` changes twice per
 * reconcile: it is kept as a number and set on the gauge at scrape time.
 * @module
 */
import { counter, gauge, histogram } from '../metrics/families.js';
import type { MetricsRegistry } from '../metrics/registry.js';
import type { ControllerMetrics, ReconcileOutcome } from './metrics.js';

/** controller-runtime's `reconcile_time_seconds` buckets. */
export const RECONCILE_TIME_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25, 1.5, 1.75,
  2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60,
];

const RESULTS: readonly ReconcileOutcome[] = ['success', 'error', 'requeue', 'requeue_after'];

/** Per registry: each controller's busy workers, a plain number per change, set on the gauge at scrape time. */
const activeByRegistry = new WeakMap<MetricsRegistry, Map<string, number>>();

/** The controller hooks on `registry` (families registered on first call); a controller's first report creates its zero series. */
export function controllerMetrics(registry: MetricsRegistry): ControllerMetrics {
  const labelNames = ['controller'] as const;
  const reconcileTotal = counter(registry, {
    name: 'controller_runtime_reconcile_total',
    help: 'Total number of reconciliations per controller',
    labelNames: ['controller', 'result'],
  });
  const reconcileErrors = counter(registry, {
    name: 'controller_runtime_reconcile_errors_total',
    help: 'Total number of reconciliation errors per controller',
    labelNames,
  });
  const terminalErrors = counter(registry, {
    name: 'controller_runtime_terminal_reconcile_errors_total',
    help: 'Total number of terminal reconciliation errors per controller',
    labelNames,
  });
  const reconcileTime = histogram(registry, {
    name: 'controller_runtime_reconcile_time_seconds',
    help: 'Length of time per reconciliation per controller',
    labelNames,
    buckets: RECONCILE_TIME_BUCKETS,
  });
  const maxConcurrent = gauge(registry, {
    name: 'controller_runtime_max_concurrent_reconciles',
    help: 'Maximum number of concurrent reconciles per controller',
    labelNames,
  });
  const active = activeByRegistry.get(registry) ?? new Map<string, number>();
  activeByRegistry.set(registry, active);
  gauge(registry, {
    name: 'controller_runtime_active_workers',
    help: 'Number of currently used workers per controller',
    labelNames,
    collect() {
      for (const [controller, count] of active) this.set({ controller }, count);
    },
  });
  const panics = counter(registry, {
    name: 'controller_runtime_reconcile_panics_total',
    help: 'Total number of reconciliation panics per controller (in Node: TypeError, ReferenceError, RangeError, SyntaxError)',
    labelNames,
  });
  const timeouts = counter(registry, {
    name: 'controller_runtime_reconcile_timeouts_total',
    help: 'Total number of reconciliation timeouts per controller',
    labelNames,
  });
  const abandoned = gauge(registry, {
    name: 'operant_reconcile_abandoned',
    help: 'Reconciles still running past their timeout and grace, whose worker was released and whose key waits for them to settle',
    labelNames,
  });
  return {
    maxConcurrentReconciles: (controller, count) => {
      for (const result of RESULTS) reconcileTotal.inc({ controller, result }, 0);
      reconcileErrors.inc({ controller }, 0);
      terminalErrors.inc({ controller }, 0);
      panics.inc({ controller }, 0);
      timeouts.inc({ controller }, 0);
      abandoned.set({ controller }, 0);
      active.set(controller, 0);
      maxConcurrent.set({ controller }, count);
    },
    activeWorkers: (controller, count) => void active.set(controller, count),
    timedOut: (controller) => timeouts.inc({ controller }),
    abandoned: (controller, count) => abandoned.set({ controller }, count),
    reconciled: (controller, outcome, seconds, terminal, panic) => {
      reconcileTotal.inc({ controller, result: outcome });
      if (panic) panics.inc({ controller });
      if (outcome === 'error') reconcileErrors.inc({ controller });
      if (terminal) terminalErrors.inc({ controller });
      reconcileTime.observe({ controller }, seconds);
    },
  };
}
