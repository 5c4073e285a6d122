/**
 * When a run is quiet. After each step, the manager's cache must first hold what the step
 * wrote (before that the controller has not even been told); then no reconcile may run, be
 * queued or finish, and no read, write or delivered event happen, for the settle period —
 * read from the manager's own metrics (`controller_runtime_reconcile_total`,
 * `controller_runtime_active_workers`, `workqueue_depth`) and the run's activity clock.
 * Bounded by budgets: a controller that never settles (a hot loop) is reported, not waited for.
 * @module
 */
import { isNotFound, type KubernetesObject } from '@operant/core';
import { ClientError } from '@operant/core/client';
import type { Manager } from '@operant/core/manager';
import type { ResourceType } from '@operant/core/resources';

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

/** The controllers of `mgr` with a reconcile running now. */
export async function activeControllers(mgr: Manager): Promise<string[]> {
  const metric = mgr.metrics.getSingleMetric('controller_runtime_active_workers');
  if (metric === undefined) return [];
  const { values } = await metric.get();
  return values.filter((v) => v.value > 0).map((v) => String(v.labels.controller));
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

/**
 * Resolves true once the cache holds the object `key` at `resourceVersion` or later (or, with
 * `resourceVersion` undefined, no longer holds it or holds it deleting), false when `budgetMs`
 * passes first. A kind the cache does not hold is not waited for (true at once).
 */
export async function waitForCache(
  cache: () => Manager['cache'] | undefined,
  type: ResourceType,
  key: { namespace?: string; name: string },
  resourceVersion: string | undefined,
  budgetMs: number,
): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  while (Date.now() < deadline) {
    const held = await cache()
      ?.get(type, key)
      .catch((err: unknown) => (isNotFound(err) ? null : err));
    if (ClientError.is(held, 'notCached')) return true;
    if (resourceVersion === undefined ? held === null || deleting(held) : isAtLeast(held, resourceVersion)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

const deleting = (held: unknown) => (held as KubernetesObject | undefined)?.metadata?.deletionTimestamp !== undefined;

/** Whether `held` is an object at `resourceVersion` or later (etcd's revisions; opaque ones only compare equal). */
function isAtLeast(held: unknown, resourceVersion: string): boolean {
  const version = (held as KubernetesObject | null | undefined)?.metadata?.resourceVersion;
  if (typeof version !== 'string') return false;
  const [x, y] = [Number(version), Number(resourceVersion)];
  return Number.isInteger(x) && Number.isInteger(y) ? x >= y : version === resourceVersion;
}
