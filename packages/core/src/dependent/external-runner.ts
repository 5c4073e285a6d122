/**
 * One external dependent of one controller, reconciled for one primary (external.ts):
 * `run` reads the resource, applies it (or deletes it when `activeWhen` is false) and
 * decides readiness, with the outcome states of the other dependents; `delete` removes it
 * when the primary goes. Neither keeps anything between reconciles.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { ReconcileContext } from '../api/reconciler.js';
import type { DependentResult } from './dependent.js';
import type { ExternalDependentOptions, ExternalResource } from './external.js';

/** An external dependent as the builder hands it over, named. */
export interface ExternalDependentSpec {
  name: string;
  resource: ExternalResource;
  options: ExternalDependentOptions;
}

export class ExternalRunner {
  constructor(readonly spec: ExternalDependentSpec) {}

  get name(): string {
    return this.spec.name;
  }

  get dependsOn(): readonly string[] {
    return this.spec.options.dependsOn ?? [];
  }

  /** Reconciles the resource for `primary`; never throws (a failure is a `failed` result). */
  async run(primary: KubernetesObject, context: ReconcileContext): Promise<DependentResult> {
    const { name, options, resource } = this.spec;
    const none = { children: [], applied: [], deleted: [] };
    try {
      if (options.activeWhen !== undefined && !options.activeWhen(primary)) {
        await this.delete(primary, context);
        return { name, state: 'inactive', ...none };
      }
      const current = await resource.read(primary, context);
      const applied = await resource.apply(primary, current, context);
      context.log.debug('applied an external dependent', { dependent: name });
      if (options.readyWhen?.(applied, primary) === false) {
        return { name, state: 'notReady', ...none, message: `${name} not ready` };
      }
      return { name, state: 'ready', ...none };
    } catch (error) {
      return { name, state: 'failed', ...none, message: (error as Error).message, error };
    }
  }

  /** Deletes the resource of `primary` when there is one; throws what the delete throws. */
  async delete(primary: KubernetesObject, context: ReconcileContext): Promise<void> {
    const { name, resource } = this.spec;
    const current = await resource.read(primary, context);
    if (current === undefined) return;
    await resource.delete(primary, current, context);
    context.log.debug('deleted an external dependent', { dependent: name });
  }
}
