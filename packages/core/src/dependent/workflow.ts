/**
 * The order dependents run in (java-operator-sdk's workflow): each starts once the
 * dependents it `dependsOn` have finished, so independent ones run concurrently; one whose
 * dependency is neither `ready` nor `inactive` is not applied (`waiting`). An inactive
 * dependent holds nothing back. The graph is checked when the controller is built
 * (builder/dependent-rules.ts): names are unique and known, and there is no cycle.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { ReconcileContext } from '../api/reconciler.js';
import type { DependentResult, DependentsOutcome } from './dependent.js';

/** A dependent as the workflow runs it (`DependentStep`, `ExternalRunner`). */
export interface DependentStep {
  readonly name: string;
  readonly dependsOn: readonly string[];
  run(primary: KubernetesObject, context: ReconcileContext): Promise<DependentResult>;
}

const settled = (result: DependentResult): boolean => result.state === 'ready' || result.state === 'inactive';

/** Runs every dependent for `primary` in dependency order and gathers the outcome. */
export async function runDependents<P extends KubernetesObject>(
  runners: readonly DependentStep[],
  primary: P,
  context: ReconcileContext,
): Promise<DependentsOutcome<P>> {
  const byName = new Map(runners.map((r) => [r.name, r]));
  const running = new Map<string, Promise<DependentResult>>();
  const run = (runner: DependentStep): Promise<DependentResult> => {
    let result = running.get(runner.name);
    if (result === undefined) {
      result = (async () => {
        const dependencies = runner.dependsOn.flatMap((name) => {
          const dependency = byName.get(name);
          return dependency === undefined ? [] : [run(dependency)];
        });
        const blocking = (await Promise.all(dependencies)).filter((r) => !settled(r));
        if (blocking.length === 0) return runner.run(primary, context);
        const names = blocking.map((r) => r.name).join(', ');
        return {
          name: runner.name,
          state: 'waiting',
          children: [],
          applied: [],
          deleted: [],
          message: `waits for ${names}`,
        };
      })();
      running.set(runner.name, result);
    }
    return result;
  };
  const results = await Promise.all(runners.map(run));
  return {
    primary,
    ready: results.every(settled),
    results: Object.fromEntries(results.map((r) => [r.name, r])),
  };
}
