/**
 * `ShardGate`, the seam between a controller and sharding (docs/sharding.md, "Fenced
 * hand-off", step 1): before each reconcile the controller asks whether this replica may
 * start it now, and the gate tells it which keys to queue when ranges become its own.
 * @module
 */

/** The gate's answer for one key. */
export type ShardAdmission =
  /** Start it; call `release` once the run has settled (abandoned runs too). */
  | { admit: true; release: () => void }
  /** Not this replica's (its holder reconciles it): forget the key. */
  | { admit: false; retryAfterMs?: undefined }
  /** Possibly this replica's but not now (its own Lease is not fresh): try again later. */
  | { admit: false; retryAfterMs: number };

export interface ShardGate {
  admit(key: string): ShardAdmission;
  /**
   * Called when the controller starts its sources; the gate calls `enqueue` with the keys of
   * objects in ranges that became active here (at low priority: a start's backlog).
   * Returns an unsubscribe.
   */
  bind(enqueue: (keys: Iterable<string>) => void): () => void;
}
