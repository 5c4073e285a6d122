/**
 * The default status of a primary with dependents: one `Ready` condition, `True` when every
 * dependent is ready or inactive, else `False` with the reason of the most pressing
 * dependent (`Failed`, `Conflict`, `NotReady`, `Waiting`, in that order) and a message
 * naming each one that is not ready and why; `observedGeneration` is the primary's
 * generation. `writeConditions` sets conditions on the primary's status and writes them
 * (a merge patch of `status.conditions` with the resourceVersion read, so a concurrent
 * change is a conflict, retried) only when one changed.
 * @module
 */
import { deepCopy, type KubernetesObject } from '../api/object.js';
import type { Client } from '../client/interfaces.js';
import { mergePatch } from '../client/patch.js';
import { type Condition, type ConditionInput, setStatusCondition } from '../controllerutil/conditions.js';
import type { DependentResult, DependentState, DependentsOutcome } from './dependent.js';

const reasons: readonly [DependentState, string][] = [
  ['failed', 'Failed'],
  ['conflict', 'Conflict'],
  ['notReady', 'NotReady'],
  ['waiting', 'Waiting'],
];

/** `Ready`, from the dependents' outcome (the default `DependentStatusFunc`). */
export function readyCondition(outcome: DependentsOutcome): ConditionInput[] {
  const generation = outcome.primary.metadata?.generation;
  const observed = generation === undefined ? {} : { observedGeneration: generation };
  const results: DependentResult[] = Object.values(outcome.results);
  const [, reason] = reasons.find(([state]) => results.some((r) => r.state === state)) ?? [];
  if (reason === undefined) {
    return [
      { type: 'Ready', status: 'True', reason: 'DependentsReady', message: 'every dependent is ready', ...observed },
    ];
  }
  const message = results
    .filter((r) => r.state !== 'ready' && r.state !== 'inactive')
    .map((r) => `${r.name}: ${r.message ?? r.state}`)
    .join('; ');
  return [{ type: 'Ready', status: 'False', reason, message, ...observed }];
}

/** Sets `conditions` on `primary`'s status and writes them when one changed; true when it wrote. */
export async function writeConditions(
  client: Client,
  primary: KubernetesObject,
  conditions: readonly ConditionInput[],
  options: { fieldOwner: string; signal: AbortSignal },
): Promise<boolean> {
  const current = (primary as { status?: { conditions?: Condition[] } }).status?.conditions ?? [];
  const next = deepCopy(current);
  let changed = false;
  for (const condition of conditions) changed = setStatusCondition(next, condition) || changed;
  if (!changed) return false;
  const patch = mergePatch({
    metadata: { resourceVersion: primary.metadata?.resourceVersion },
    status: { conditions: next },
  });
  await client.status().patch(primary, patch, options);
  return true;
}
