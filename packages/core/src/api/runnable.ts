/**
 * A component the Manager runs (controllers, caches, servers). `start` resolves only after
 * `signal` aborts and the component has stopped, or rejects when it fails.
 * @module
 */

export interface Runnable {
  start(signal: AbortSignal): Promise<void>;
}

/** Optional capability: whether the runnable must wait for leadership (controllers do). */
export interface LeaderElectionRunnable {
  needsLeaderElection(): boolean;
}

/** A Runnable from a function (controller-runtime's `manager.RunnableFunc`). */
export function runnableFunc(fn: (signal: AbortSignal) => Promise<void>): Runnable {
  return { start: fn };
}

export function needsLeaderElection(runnable: Runnable): boolean {
  const capable = runnable as Partial<LeaderElectionRunnable>;
  return typeof capable.needsLeaderElection === 'function' ? capable.needsLeaderElection() : true;
}
