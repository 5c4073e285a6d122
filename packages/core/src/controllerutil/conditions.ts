/**
 * Status conditions (`metav1.Condition` and apimachinery's `meta.SetStatusCondition`):
 * set one by type, keeping `lastTransitionTime` unless the status flips; find one; test it.
 * Times are written as `metav1.Time` marshals them: RFC 3339 in whole seconds.
 * @module
 */
import { formatTime } from '../api/time.js';

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  observedGeneration?: number;
  lastTransitionTime?: string;
}

export type ConditionInput = Omit<Condition, 'lastTransitionTime'> & { lastTransitionTime?: string };

/** Sets `input` in `conditions` (in place); returns true when anything changed. */
export function setStatusCondition(conditions: Condition[], input: ConditionInput, now: Date = new Date()): boolean {
  const existing = conditions.find((c) => c.type === input.type);
  if (existing === undefined) {
    conditions.push({ ...input, lastTransitionTime: input.lastTransitionTime ?? formatTime(now) });
    return true;
  }
  let changed = false;
  if (existing.status !== input.status) {
    existing.status = input.status;
    existing.lastTransitionTime = input.lastTransitionTime ?? formatTime(now);
    changed = true;
  }
  for (const key of ['reason', 'message', 'observedGeneration'] as const) {
    if (existing[key] !== input[key]) {
      (existing as unknown as Record<string, unknown>)[key] = input[key];
      changed = true;
    }
  }
  return changed;
}

export function findStatusCondition(conditions: readonly Condition[] | undefined, type: string): Condition | undefined {
  return conditions?.find((c) => c.type === type);
}

export function isStatusConditionTrue(conditions: readonly Condition[] | undefined, type: string): boolean {
  return findStatusCondition(conditions, type)?.status === 'True';
}

/** Removes the condition of `type`; returns true when there was one. */
export function removeStatusCondition(conditions: Condition[], type: string): boolean {
  const index = conditions.findIndex((c) => c.type === type);
  if (index < 0) return false;
  conditions.splice(index, 1);
  return true;
}
