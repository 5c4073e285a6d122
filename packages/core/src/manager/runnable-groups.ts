/**
 * The manager's runnables in groups, started and stopped in order (controller-runtime's
 * `runnableGroup`s in `pkg/manager/runnable_group.go`).
 *
 * - `others`: runnables that need no leadership (servers, the webhook server); started first.
 * - `caches`: the cache; started next, and the manager waits for it to sync.
 * - `leaders`: runnables that need leadership (controllers); warmed up once the cache synced
 *   (`warm`), started once elected (`elected`).
 * - `election`: the campaign; stopped with the leaders while not elected, else after the others,
 *   so the Lease is renewed while the controllers drain.
 * - `events`: the event recorders; started first, stopped last.
 *
 * `shutdownOrder()` and `stopAll()` stop them in that order within a deadline.
 * @module
 */

import { isWarmupRunnable, needsLeaderElection, type Runnable } from '../api/runnable.js';

/** Runnables stopped together: `stop` aborts their signal, `running` settles when they stopped. */
export interface Group {
  stop: AbortController;
  running: Promise<void>[];
}

const newGroup = (): Group => ({ stop: new AbortController(), running: [] });

export class RunnableGroups {
  readonly others = newGroup();
  readonly caches = newGroup();
  readonly leaders = newGroup();
  readonly election = newGroup();
  readonly events = newGroup();
  /** The cache synced: leader runnables warm up as they are added. */
  warm = false;
  /** Elected: leader runnables start as they are added. */
  elected = false;

  /** `failure` is called with the error of a runnable that fails. */
  constructor(readonly failure: (err: unknown) => void) {
    // campaigning stops with the leader runnables; once elected, leadership lasts until they stopped
    const stopCampaign = () => {
      if (!this.elected) this.election.stop.abort();
    };
    this.leaders.stop.signal.addEventListener('abort', stopCampaign, { once: true });
  }

  /** Places a runnable added after start: at once, on warm-up, or on election. */
  add(runnable: Runnable): void {
    const leader = needsLeaderElection(runnable);
    if (leader && !this.elected) {
      if (this.warm) this.warmup(runnable);
      return; // started on election
    }
    this.run(leader ? this.leaders : this.others, runnable);
  }

  /** Starts the runnables that need no leadership. */
  startOthers(runnables: readonly Runnable[]): void {
    for (const r of runnables) if (!needsLeaderElection(r)) this.run(this.others, r);
  }

  /** Once the cache synced: warms the leader runnables up, before the campaign. */
  warmUpLeaders(runnables: readonly Runnable[]): void {
    this.warm = true;
    for (const r of runnables) if (needsLeaderElection(r)) this.warmup(r);
  }

  /** Once elected: starts the leader runnables. */
  startLeaders(runnables: readonly Runnable[]): void {
    for (const r of runnables) if (needsLeaderElection(r)) this.run(this.leaders, r);
  }

  /**
   * The order of a stop: the leaders (and `startup`, the manager's way to election), then
   * the cache, the others, the election. The events stop after the Lease is released.
   */
  shutdownOrder(startup: Promise<void>): Group[] {
    return [
      { stop: this.leaders.stop, running: [startup, ...this.leaders.running] },
      this.caches,
      this.others,
      this.election,
    ];
  }

  run(group: Group, runnable: Runnable): void {
    group.running.push(
      Promise.resolve()
        .then(() => runnable.start(group.stop.signal))
        .catch(this.failure),
    );
  }

  /** Warms a leader runnable up before election, with the signal its `start` will get. */
  private warmup(runnable: Runnable): void {
    if (!isWarmupRunnable(runnable)) return;
    const leaders = this.leaders;
    leaders.running.push((async () => runnable.warmup(leaders.stop.signal))().catch(this.failure)); // begins before the campaign
  }
}

/**
 * Stops the groups in order; true when the deadline passed (or `cut` settled: no graceful
 * period after a lost leadership) before all of them stopped.
 */
export async function stopAll(deadline: number, groups: Group[], cut: Promise<void>): Promise<boolean> {
  for (const group of groups) {
    group.stop.abort();
    const remaining = deadline - Date.now();
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      Promise.all(group.running).then(() => false),
      cut.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), Math.max(0, remaining));
      }),
    ]);
    clearTimeout(timer);
    if (late) {
      for (const rest of groups) rest.stop.abort();
      return true;
    }
  }
  return false;
}
