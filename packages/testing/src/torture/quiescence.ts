/**
 * When a run is quiet. After each step, the manager's cache must first hold what the step
 * wrote (before that the controller has not even been told); then no reconcile may run, be
 * queued or finish, no key may wait for a retry after an error (backoff), and no read, write
 * or delivered event happen, for the settle period — read from the manager's own metrics
 * (`controller_runtime_reconcile_total`, `controller_runtime_active_workers`,
 * `workqueue_depth`), the controllers' recent reconciles and the run's activity clock.
 * Bounded by budgets: a controller that never settles is reported, not waited for, and an
 * error loop or a hot loop (convergence.ts) ends the wait at once.
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
  /** The keys waiting for a retry after a failed reconcile (`controller namespace/name`). */
  retrying(): readonly string[];
  /** Why the run will never become quiet, once that is sure (an error loop, a hot loop). */
  stuck(): string | undefined;
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

/** Why a run did not become quiet: it is stuck (`stuck` says how), or the budget passed. */
export interface NotQuiet {
  stuck: string | undefined;
  /** The keys waiting for a retry when the wait ended. */
  retrying: readonly string[];
}

/** Resolves undefined once the run has been quiet for `settleMs`; else why it did not. */
export async function waitForQuiet(
  run: RunActivity,
  settleMs: number,
  budgetMs: number,
): Promise<NotQuiet | undefined> {
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
    const idle = sample?.[1] === 0 && sample[2] === 0 && run.retrying().length === 0;
    if (key === undefined || key !== last || mgr !== lastManager || !idle) {
      last = key;
      lastManager = mgr;
      since = Date.now();
    }
    const quietFor = Date.now() - Math.max(since, run.lastActive());
    if (key !== undefined && quietFor >= settleMs) return undefined;
    const stuck = key === undefined ? undefined : run.stuck();
    if (stuck !== undefined) return { stuck, retrying: run.retrying() };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { stuck: undefined, retrying: run.retrying() };
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
