/**
 * A component the Manager runs (controllers, caches, servers). `start` resolves only after
 * `signal` aborts and the component has stopped, or rejects when it fails.
 *
 * Two optional capabilities, as controller-runtime's: `needsLeaderElection()` (its
 * `LeaderElectionRunnable.NeedLeaderElection`; a runnable without it waits for leadership,
 * the HTTP, webhook and probe servers say no) and `warmup(signal)` (its `WarmupRunnable`):
 * the part of a leader runnable that may run before this replica leads, so a standby is
 * warm when it wins (a controller starts its sources and waits for them to sync).
 * @module
 */

export interface Runnable {
  start(signal: AbortSignal): Promise<void>;
}

/** Optional capability: whether the runnable must wait for leadership (controllers do). */
export interface LeaderElectionRunnable {
  needsLeaderElection(): boolean;
}

/**
 * Optional capability of a leader runnable: the manager calls `warmup` once its cache has
 * synced, before it campaigns for leadership, with the signal it later passes to `start`;
 * `warmup` resolves once warm (or at once when the runnable has nothing to warm) and
 * rejects when warming fails (the manager then stops, as for a failed `start`).
 */
export interface WarmupRunnable {
  warmup(signal: AbortSignal): Promise<void>;
}

/** A Runnable from a function (controller-runtime's `manager.RunnableFunc`). */
export function runnableFunc(fn: (signal: AbortSignal) => Promise<void>): Runnable {
  return { start: fn };
}

export function needsLeaderElection(runnable: Runnable): boolean {
  const capable = runnable as Partial<LeaderElectionRunnable>;
  return typeof capable.needsLeaderElection === 'function' ? capable.needsLeaderElection() : true;
}

/** Whether the runnable can warm up before leadership (has `warmup`). */
export function isWarmupRunnable(runnable: Runnable): runnable is Runnable & WarmupRunnable {
  return typeof (runnable as Partial<WarmupRunnable>).warmup === 'function';
}
