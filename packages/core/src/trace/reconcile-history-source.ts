/**
 * `ReconcileHistorySource`: something named that remembers its recent reconciles — a
 * controller (`recordCauses: true` makes it record them). The manager lists the runnables
 * it is given that have this shape, for its `/debug/reconciles` page and JSON; it needs no
 * more of a controller than this.
 * @module
 */
import type { ControllerReconciles } from './reconcile-history.js';

export interface ReconcileHistorySource {
  /** Unique among the manager's controllers (the `controller` log key). */
  readonly name: string;
  /** Whether it records causes at all (false: `recentReconciles` stays empty). */
  readonly recordsCauses: boolean;
  /** Its recent reconciles per key, or of `key` (`namespace/name`, or `name` when cluster-scoped) only. */
  recentReconciles(key?: string): ControllerReconciles;
}

/** Whether `value` has the shape of a `ReconcileHistorySource`. */
export function isReconcileHistorySource(value: unknown): value is ReconcileHistorySource {
  const candidate = value as Partial<ReconcileHistorySource> | null | undefined;
  return (
    typeof candidate?.name === 'string' &&
    typeof candidate.recordsCauses === 'boolean' &&
    typeof candidate.recentReconciles === 'function'
  );
}
