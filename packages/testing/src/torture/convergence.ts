/**
 * What the controllers' own memory of their reconciles (`Controller.recentReconciles()`,
 * recorded because `torture` turns `recordCauses` on) says about convergence: a key waiting
 * for a retry after an error is not quiet, whatever the metrics say; a key whose last
 * reconciles all failed, once nothing of the run is pending, is an error loop; a key the
 * trace module's hot-loop detector flagged is a hot loop. Either ends the wait for quiet
 * early, with a reason naming the controller and the key.
 * @module
 */
import type { ReconcileHistorySource } from '@operant/core/trace';

/** Failed reconciles in a row, the last one after the run stopped being busy, that make an error loop. */
export const ERROR_LOOP_RECONCILES = 5;

/** Whether `value` can say what its controller reconciled (a controller does). */
export function isHistorySource(value: unknown): value is ReconcileHistorySource {
  return typeof (value as Partial<ReconcileHistorySource> | null)?.recentReconciles === 'function';
}

/** `controller namespace/name` of every key waiting for a retry after a failed reconcile. */
export function retryingKeys(sources: readonly ReconcileHistorySource[]): string[] {
  return keysOf(sources).flatMap(({ controller, key }) =>
    key.waiting.some((cause) => cause.source === 'retry') ? [`${controller} ${keyName(key)}`] : [],
  );
}

/**
 * Why the run will not become quiet, when it is sure already: a key of `sources` that failed
 * its last `ERROR_LOOP_RECONCILES` reconciles, the last one started after `since`, and waits
 * for another retry; or a key the hot-loop detector flagged. Undefined otherwise.
 */
export function stuck(sources: readonly ReconcileHistorySource[], since: number): string | undefined {
  for (const { controller, key } of keysOf(sources)) {
    if (key.hotLoop !== undefined) {
      const { reconciles, ownWrites, changedFields } = key.hotLoop;
      const fields = changedFields.length === 0 ? '' : `, changing ${changedFields.join(', ')}`;
      return `controller ${controller} is in a hot loop on ${keyName(key)}: ${reconciles} reconciles, ${ownWrites} of them caused by its own writes${fields}`;
    }
    const last = key.reconciles.slice(-ERROR_LOOP_RECONCILES);
    const failing =
      last.length === ERROR_LOOP_RECONCILES &&
      last.every((r) => r.result === 'error') &&
      (last.at(-1)?.startedAt ?? 0) >= since &&
      key.waiting.some((cause) => cause.source === 'retry');
    if (failing) {
      return `controller ${controller} is in an error loop on ${keyName(key)}: its last ${ERROR_LOOP_RECONCILES} reconciles failed, the last with: ${last.at(-1)?.error ?? 'an error'}`;
    }
  }
  return undefined;
}

function keysOf(sources: readonly ReconcileHistorySource[]) {
  return sources.flatMap((source) => {
    const { controller, keys } = source.recentReconciles();
    return keys.map((key) => ({ controller, key }));
  });
}

const keyName = (key: { namespace: string; name: string }) =>
  key.namespace === '' ? key.name : `${key.namespace}/${key.name}`;
