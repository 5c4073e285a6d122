/**
 * `LeaderElector`, the seam leader election plugs into: the Manager waits on `elect` before
 * it starts its leader runnables (`ManagerOptions.leaderElector`); `LeaseElector` is the
 * implementation on a Lease.
 * @module
 */

/** The seam for leader election: resolves once this process leads (or rejects on failure). */
export interface LeaderElector {
  /**
   * Campaigns until elected; `lost` is called if leadership is lost after that. Leadership
   * lasts until `signal` aborts: the manager aborts it once its leader runnables have stopped.
   */
  elect(signal: AbortSignal, lost: (err: Error) => void): Promise<void>;
  /** After a clean stop: gives the leadership up (if configured to) so a standby takes over at once. */
  release?(): Promise<void>;
  /**
   * False once this process may no longer lead, at the latest when `lost` is called (a Lease:
   * from the renew deadline on, before the timer that reports it has run). The manager's
   * client refuses writes after an election while this is false.
   */
  readonly isLeader?: boolean;
}
