/**
 * The reconciler of a controller with dependents: it reads the primary from the cache,
 * runs its dependents (workflow.ts), sets the status conditions (`readyCondition` unless
 * the controller gives its own function, or `false` for none), then calls the controller's
 * own reconciler, if any, with the outcome. A primary that is gone or being deleted runs no
 * dependents (the garbage collector removes the children by their controller reference);
 * the controller's reconciler still runs, with `undefined` for the outcome. A failed
 * dependent makes the reconcile fail after the rest ran (a `DependentError`, or the
 * dependent's own terminal error), so the request is retried with backoff.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { Reconciler } from '../api/reconciler.js';
import { ignoreNotFound } from '../api/status-error.js';
import { isTerminalError } from '../api/terminal-error.js';
import type { Client } from '../client/interfaces.js';
import { describeObject } from '../client/paths.js';
import type { ResourceInfo, ResourceType } from '../resources/resource-type.js';
import type { DependentReconciler, DependentStatusFunc } from './dependent.js';
import type { DependentRunner } from './dependent-runner.js';
import { DependentError } from './errors.js';
import { readyCondition, writeConditions } from './ready-condition.js';
import { runDependents } from './workflow.js';

export interface DependentsReconcilerOptions {
  client: Client;
  /** The primary (`for`) kind. */
  type: ResourceType;
  info: ResourceInfo;
  runners: readonly DependentRunner[];
  /** Who writes the primary's conditions (the controller's name). */
  fieldOwner: string;
  /** The conditions to set; default `readyCondition`; false: none. */
  status?: DependentStatusFunc | false;
  /** The controller's own reconciler, run after the dependents. */
  reconciler?: DependentReconciler;
}

export function dependentsReconciler(options: DependentsReconcilerOptions): Reconciler {
  const { client, runners, reconciler } = options;
  const status = options.status === false ? undefined : (options.status ?? readyCondition);
  return {
    async reconcile(request, context) {
      const { signal } = context;
      const primary: KubernetesObject | undefined = await client
        .get(options.type, request, { signal })
        .catch(ignoreNotFound);
      if (primary === undefined || primary.metadata?.deletionTimestamp) {
        return reconciler?.reconcile(request, context, undefined);
      }
      const outcome = await runDependents(runners, primary, context);
      if (status !== undefined) {
        await writeConditions(client, primary, status(outcome), { fieldOwner: options.fieldOwner, signal });
      }
      const result = await reconciler?.reconcile(request, context, outcome);
      const failed = Object.values(outcome.results).filter((r) => r.state === 'failed');
      const terminal = failed.find((r) => isTerminalError(r.error));
      if (terminal !== undefined) throw terminal.error;
      const [first] = failed;
      if (first !== undefined) {
        const names = failed.map((r) => r.name).join(', ');
        const where = describeObject(options.info, request.namespace, request.name);
        throw new DependentError(`unable to reconcile the dependents ${names} of ${where}: ${first.message}`, {
          cause: first.error,
        });
      }
      return result;
    },
  };
}
