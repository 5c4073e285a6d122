/**
 * When a run is quiet: no reconcile running or queued and none finished, and no read, write
 * or delivered event, for the settle period — read from the manager's own metrics
 * (`controller_runtime_reconcile_total`, `controller_runtime_active_workers`,
 * `workqueue_depth`) and the run's activity clock. Bounded by a budget: a controller that
 * never settles (a hot loop) is reported, not waited for.
 * @module
 */
import type { Manager } from '@operant/core/manager';

/** What the quiet check looks at, sampled once per poll. */
export interface RunActivity {
  /** The manager running now (undefined while a crashed one is being replaced). */
  manager(): Manager | undefined;
  /** When the run last read, wrote or delivered an event (`Date.now()` ms). */
  lastActive(): number;
  /** True while something of the run is still pending (a restart, an open stale window). */
  busy(): boolean;
}

/** The sum of a metric's series on `mgr` (0 when it has none yet). */
export async function metricSum(mgr: Manager, name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = mgr.metrics.getSingleMetric(name);
  if (metric === undefined) return 0;
  const { values } = await metric.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))
    .reduce((sum, v) => sum + v.value, 0);
}

/** Resolves true once the run has been quiet for `settleMs`, false when `budgetMs` passes first. */
export async function waitForQuiet(run: RunActivity, settleMs: number, budgetMs: number): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  let last: string | undefined;
  let lastManager: Manager | undefined;
  let since = Date.now();
  while (Date.now() < deadline) {
    const mgr = run.manager();
    const sample =
      mgr === undefined || run.busy()
        ? undefined
        : await Promise.all([
            metricSum(mgr, 'controller_runtime_reconcile_total'),
            metricSum(mgr, 'controller_runtime_active_workers'),
            metricSum(mgr, 'workqueue_depth'),
          ]);
    const key = sample?.join('/');
    if (key === undefined || key !== last || mgr !== lastManager || sample?.[1] !== 0 || sample[2] !== 0) {
      last = key;
      lastManager = mgr;
      since = Date.now();
    }
    const quietFor = Date.now() - Math.max(since, run.lastActive());
    if (key !== undefined && quietFor >= settleMs) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
