/**
 * Hot-loop detection: a key reconciled more than `reconciles` times within `windowMs`, most
 * of those runs caused mostly by the controller's own writes (events whose resourceVersion
 * one of its writes returned), is a controller reconciling itself in a loop — typically one
 * that writes a timestamp on every run. One warning per key and window (fixed windows that
 * start at the first reconcile after the last one ended), naming the fields that changed
 * between the last two versions the controller wrote, and one count in
 * `operant_hot_loops_total{controller}`.
 * @module
 */

/** Defaults: more than 10 reconciles of a key within 60 s. */
export const DEFAULT_HOT_LOOP = { reconciles: 10, windowMs: 60_000 } as const;

export interface HotLoopOptions {
  /** More reconciles of one key than this within `windowMs`… Default 10. */
  reconciles?: number;
  /** …milliseconds. Default 60 000. */
  windowMs?: number;
}

/** A hot loop found on a key. */
export interface HotLoop {
  /** When the window started (ms since the epoch). */
  readonly since: number;
  /** Reconciles of the key in the window when it was found. */
  readonly reconciles: number;
  /** Of those, the ones caused mostly by the controller's own writes. */
  readonly ownWrites: number;
  /** Fields that changed between the last two versions the controller wrote. */
  readonly changedFields: readonly string[];
}

/** The window of one key. */
export class HotLoopWindow {
  private start = 0;
  private count = 0;
  private own = 0;
  private warned = false;
  /** The last hot loop found on this key. */
  found: HotLoop | undefined;

  /**
   * Counts a reconcile at `now` (`byOwnWrites`: its causes were mostly the controller's own
   * writes); true when this one makes the window a hot loop not reported yet.
   */
  observe(now: number, byOwnWrites: boolean, reconciles: number, windowMs: number): boolean {
    if (now - this.start > windowMs) {
      this.start = now;
      this.count = 0;
      this.own = 0;
      this.warned = false;
    }
    this.count++;
    if (byOwnWrites) this.own++;
    if (this.warned || this.count <= reconciles || this.own * 2 <= this.count) return false;
    this.warned = true;
    return true;
  }

  /** Records the hot loop just reported. */
  report(changedFields: readonly string[]): HotLoop {
    this.found = { since: this.start, reconciles: this.count, ownWrites: this.own, changedFields };
    return this.found;
  }
}
