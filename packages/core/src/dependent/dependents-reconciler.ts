/**
 * The reconciler of a controller with dependents: it reads the primary from the cache,
 * runs its dependents (workflow.ts), sets the status conditions (`readyCondition` unless
 * the controller gives its own function, or `false` for none), then calls the controller's
 * own reconciler, if any, with the outcome. A primary that is gone or being deleted runs no
 * dependents (the garbage collector removes the children by their controller reference);
 * the controller's reconciler still runs, with `undefined` for the outcome. A failed
 * dependent makes the reconcile fail after the rest ran (a `DependentError`, or the
 * dependent's own terminal error), so the request is retried with backoff. A primary the
 * cache hands out older (by generation) than the one dependents were last applied from runs
 * nothing, neither dependents nor the controller's reconciler, and is requeued
 * (applied-generations.ts).
 *
 * With external dependents (external.ts) the primary carries the finalizer (`finalizer`,
 * default `DEPENDENTS_FINALIZER`) before any of them runs; once it is being deleted their
 * resources, read from the API server, are deleted (those the others depend on last) and
 * then the finalizer is removed. A delete that fails fails the reconcile, which is retried
 * with backoff, and the finalizer stays.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { ReconcileContext, Reconciler } from '../api/reconciler.js';
import { ignoreNotFound } from '../api/status-error.js';
import { isTerminalError } from '../api/terminal-error.js';
import type { Client } from '../client/interfaces.js';
import { mergePatch } from '../client/patch.js';
import { describeObject } from '../client/paths.js';
import { containsFinalizer } from '../controllerutil/finalizers.js';
import type { ResourceInfo, ResourceType } from '../resources/resource-type.js';
import { AppliedGenerations } from './applied-generations.js';
import type { DependentReconciler, DependentStatusFunc } from './dependent.js';
import { DependentError } from './errors.js';
import { DEPENDENTS_FINALIZER } from './external.js';
import type { ExternalRunner } from './external-runner.js';
import { readyCondition, writeConditions } from './ready-condition.js';
import { type DependentStep, runDependents } from './workflow.js';

export interface DependentsReconcilerOptions {
  client: Client;
  /** The primary (`for`) kind. */
  type: ResourceType;
  info: ResourceInfo;
  /** Every dependent, in declaration order. */
  runners: readonly DependentStep[];
  /** The external dependents among them. */
  externals?: readonly ExternalRunner[];
  /** Who writes the primary's conditions (the controller's name). */
  fieldOwner: string;
  /** The finalizer held while there are external dependents; default `DEPENDENTS_FINALIZER`. */
  finalizer?: string;
  /** The conditions to set; default `readyCondition`; false: none. */
  status?: DependentStatusFunc | false;
  /** The controller's own reconciler, run after the dependents. */
  reconciler?: DependentReconciler;
}

export function dependentsReconciler(options: DependentsReconcilerOptions): Reconciler {
  const { client, runners, reconciler } = options;
  const externals = options.externals ?? [];
  const finalizer = options.finalizer ?? DEPENDENTS_FINALIZER;
  const status = options.status === false ? undefined : (options.status ?? readyCondition);
  const generations = new AppliedGenerations();
  return {
    async reconcile(request, context) {
      const { signal } = context;
      const found: KubernetesObject | undefined = await client
        .get(options.type, request, { signal })
        .catch(ignoreNotFound);
      if (found === undefined) generations.forget(request);
      if (found === undefined || found.metadata?.deletionTimestamp) {
        if (found !== undefined && externals.length > 0 && containsFinalizer(found, finalizer)) {
          await deleteExternals(found, externals, finalizer, context, options);
        }
        return reconciler?.reconcile(request, context, undefined);
      }
      if (generations.isStale(request, found)) {
        context.log.debug('skipped the dependents of a primary older than the one last applied from', {
          generation: found.metadata?.generation,
        });
        return { requeue: true };
      }
      const primary =
        externals.length > 0 && !containsFinalizer(found, finalizer)
          ? await setFinalizers(found, [...(found.metadata?.finalizers ?? []), finalizer], options, signal)
          : found;
      generations.record(request, primary);
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

/** Writes `finalizers` on `primary` (a merge patch with its resourceVersion: a concurrent change is a conflict, retried). */
function setFinalizers(
  primary: KubernetesObject,
  finalizers: readonly string[],
  options: DependentsReconcilerOptions,
  signal: AbortSignal,
): Promise<KubernetesObject> {
  const patch = mergePatch({ metadata: { resourceVersion: primary.metadata?.resourceVersion, finalizers } });
  return options.client.patch(primary, patch, { fieldOwner: options.fieldOwner, signal });
}

/** The external dependents in the order they are deleted: each after those that depend on it. */
function deletionOrder(externals: readonly ExternalRunner[]): ExternalRunner[] {
  const byName = new Map(externals.map((e) => [e.name, e]));
  const ordered: ExternalRunner[] = []; // dependencies first (the rules refuse cycles)
  const visit = (runner: ExternalRunner) => {
    if (ordered.includes(runner)) return;
    for (const name of runner.dependsOn) {
      const dependency = byName.get(name);
      if (dependency !== undefined) visit(dependency);
    }
    ordered.push(runner);
  };
  for (const runner of externals) visit(runner);
  return ordered.reverse();
}

/** Deletes the external dependents of `primary` as the API server has them, then removes `finalizer`; throws when a delete fails. */
async function deleteExternals(
  primary: KubernetesObject,
  externals: readonly ExternalRunner[],
  finalizer: string,
  context: ReconcileContext,
  options: DependentsReconcilerOptions,
): Promise<void> {
  const where = describeObject(options.info, primary.metadata?.namespace, primary.metadata?.name);
  for (const runner of deletionOrder(externals)) {
    try {
      await runner.finalize(primary, context);
    } catch (error) {
      if (isTerminalError(error)) throw error;
      throw new DependentError(
        `unable to delete the external dependent ${runner.name} of ${where}: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  const rest = (primary.metadata?.finalizers ?? []).filter((f) => f !== finalizer);
  await setFinalizers(primary, rest, options, context.signal).catch(ignoreNotFound);
}
