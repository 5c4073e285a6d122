/**
 * One external dependent of one controller, reconciled for one primary (external.ts):
 * `run` reads the resource, applies it (or deletes it when `activeWhen` is false) and
 * decides readiness, with the outcome states of the other dependents and what the apply did; `finalize` deletes it
 * when the primary goes. Neither keeps anything between reconciles. The resource's methods
 * read through the `cached` reader (the controller's client), except under `finalize`: the
 * `live` one (the manager's API reader), from which a cache that has not yet seen a resource
 * just created cannot hide it.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { ReconcileContext } from '../api/reconciler.js';
import type { Reader } from '../client/interfaces.js';
import { jsonEqual } from '../controllerutil/json-equal.js';
import type { DependentResult } from './dependent.js';
import type { ExternalDependentOptions, ExternalResource } from './external.js';

/** An external dependent as the builder hands it over, named. */
export interface ExternalDependentSpec {
  name: string;
  resource: ExternalResource;
  options: ExternalDependentOptions;
}

/** Where the resource's methods read: the controller's client, and the API server for `finalize`. */
export interface ExternalReaders {
  cached: Reader;
  live: Reader;
}

type ExternalContext = Parameters<ExternalResource['read']>[1];

/** `context` with `reader`; its own members stay getters, so a lazy context stays lazy. */
function withReader(context: ReconcileContext, reader: Reader): ExternalContext {
  return {
    get signal() {
      return context.signal;
    },
    get log() {
      return context.log;
    },
    get reconcileID() {
      return context.reconcileID;
    },
    reader,
  };
}

export class ExternalRunner {
  constructor(
    readonly spec: ExternalDependentSpec,
    private readonly readers: ExternalReaders,
  ) {}

  get name(): string {
    return this.spec.name;
  }

  get dependsOn(): readonly string[] {
    return this.spec.options.dependsOn ?? [];
  }

  /**
   * Reconciles the resource for `primary`; never throws (a failure is a `failed` result). The
   * result's `applied` holds what `apply` returned and what `read` found: `created` when it
   * found nothing, `unchanged` when `apply` returned what it found (equal as JSON), else `updated`.
   */
  async run(primary: KubernetesObject, reconcile: ReconcileContext): Promise<DependentResult> {
    const { name, options, resource } = this.spec;
    const none = { children: [], applied: [], deleted: [] };
    const context = withReader(reconcile, this.readers.cached);
    try {
      if (options.activeWhen !== undefined && !options.activeWhen(primary)) {
        const deleted = (await this.remove(primary, context)) as KubernetesObject | undefined;
        return { name, state: 'inactive', ...none, deleted: deleted === undefined ? [] : [deleted] };
      }
      const current = await resource.read(primary, context);
      const child = await resource.apply(primary, current, context);
      context.log.debug('applied an external dependent', { dependent: name });
      const operation: DependentResult['applied'][number]['operation'] =
        current === undefined ? 'created' : jsonEqual(current, child) ? 'unchanged' : 'updated';
      const previous = current as KubernetesObject | undefined;
      const done = { name, ...none, applied: [{ operation, child: child as KubernetesObject, previous }] };
      if (options.readyWhen?.(child, primary) === false) {
        return { ...done, state: 'notReady', message: `${name} not ready` };
      }
      return { ...done, state: 'ready' };
    } catch (error) {
      return { name, state: 'failed', ...none, message: (error as Error).message, error };
    }
  }

  /**
   * Deletes the resource of `primary`, which is being deleted, when the API server (the `live`
   * reader) shows there is one, and returns it; throws what the delete throws.
   */
  finalize(primary: KubernetesObject, context: ReconcileContext): Promise<unknown> {
    return this.remove(primary, withReader(context, this.readers.live));
  }

  /** Deletes the resource of `primary` when `read` finds one and returns it; throws what the delete throws. */
  private async remove(primary: KubernetesObject, context: ExternalContext): Promise<unknown> {
    const { name, resource } = this.spec;
    const current = await resource.read(primary, context);
    if (current === undefined) return undefined;
    await resource.delete(primary, current, context);
    context.log.debug('deleted an external dependent', { dependent: name });
    return current;
  }
}
