/**
 * One dependent of one controller, reconciled for one primary: its desired children are
 * labelled with the dependent's name, given the primary's controller reference and applied
 * by server-side apply under the dependent's field owner, except where the cached child
 * already holds what would be applied (ssa-matcher.ts); the primary's children of this
 * dependent that are no longer desired are deleted; `readyWhen` decides readiness. The
 * result says per child what the apply did (`created` when the cache held no such child,
 * `updated`, `unchanged`) next to the child the cache held before, and which were deleted.
 *
 * The children of a primary and dependent are found in the cache by the index
 * `DEPENDENT_INDEX` (controller owner uid and label value), which the builder adds to each
 * dependent kind, together with the dependent's field owner as a manager whose
 * managedFields entry the cache keeps (cache/transform.ts). That entry is the one record of
 * what the field owner applied: without it a field the dependent no longer wants, or one a
 * plain update took from it, could not be told from a field someone else set; reading each
 * child live instead would cost a request per child and reconcile, which the cache exists
 * to save; the cache keeps this one entry per child, not the others. A child the cache
 * holds without it (its kind was listed before the controller was built) is compared with
 * the entry of the last apply answer of the same resourceVersion, so that even then a
 * steady state sends nothing.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { objectKey } from '../api/object.js';
import type { ReconcileContext } from '../api/reconciler.js';
import { ignoreNotFound, isConflict } from '../api/status-error.js';
import type { Client } from '../client/interfaces.js';
import { describeObject } from '../client/paths.js';
import { withControllerReference } from '../controllerutil/apply.js';
import { getControllerOf } from '../controllerutil/owner.js';
import { apiVersionOf, type ResourceInfo, type ResourceType } from '../resources/resource-type.js';
import { SHARD_RANGE_LABEL } from '../sharding/labels.js';
import { DEPENDENT_LABEL, type DependentOptions, type DependentResult, type DesiredFunc } from './dependent.js';
import { DependentError } from './errors.js';
import { appliedFields, type FieldsV1 } from './managed-fields.js';
import { appliedMatches } from './ssa-matcher.js';

/** The cache index of dependents' children: `<controller owner uid>/<dependent name>`. */
export const DEPENDENT_INDEX = 'operant.dev/dependent-of';

/** The values of `DEPENDENT_INDEX` for one object. */
export function dependentIndexValues(obj: KubernetesObject): string[] {
  const name = obj.metadata?.labels?.[DEPENDENT_LABEL];
  const owner = getControllerOf(obj);
  return name === undefined || owner === undefined ? [] : [`${owner.uid}/${name}`];
}

/** A dependent as the builder hands it over: named, its kind resolved, its field owner chosen. */
export interface DependentSpec {
  name: string;
  type: ResourceType;
  info: ResourceInfo;
  desired: DesiredFunc;
  options: DependentOptions;
  fieldOwner: string;
}

const describe = (obj: KubernetesObject, info: ResourceInfo): string =>
  describeObject(info, obj.metadata?.namespace, obj.metadata?.name);

export class DependentRunner {
  /** The entry of the last apply answer, for children cached without it (by uid; see the module doc). */
  private readonly answered = new Map<string, { resourceVersion: string | undefined; fields: FieldsV1 }>();

  constructor(
    readonly spec: DependentSpec,
    private readonly client: Client,
  ) {}

  get name(): string {
    return this.spec.name;
  }

  get dependsOn(): readonly string[] {
    return this.spec.options.dependsOn ?? [];
  }

  /** Reconciles the dependent for `primary`; never throws (a failure is a `failed` result). */
  async run(primary: KubernetesObject, context: ReconcileContext): Promise<DependentResult> {
    const { name, options } = this.spec;
    const none = { children: [], applied: [], deleted: [] };
    try {
      const existing = await this.children(primary, context.signal);
      if (options.activeWhen !== undefined && !options.activeWhen(primary)) {
        await this.deleteAll(existing, context);
        return { name, state: 'inactive', ...none, deleted: existing };
      }
      const desired = await this.desired(primary, context);
      const applied = await Promise.all(desired.map((config) => this.apply(config, existing, context)));
      const wanted = new Set(desired.map((config) => objectKey(config)));
      const deleted = existing.filter((child) => !wanted.has(objectKey(child)));
      await this.deleteAll(deleted, context);
      const children = applied.map((a) => a.child);
      const done = { name, children, applied, deleted };
      const notReady = children.filter((child) => options.readyWhen?.(child, primary) === false);
      if (notReady.length === 0) return { ...done, state: 'ready' };
      const which = notReady.map((child) => describe(child, this.spec.info)).join(', ');
      return { ...done, state: 'notReady', message: `${which} not ready` };
    } catch (error) {
      const state = isConflict(error) && !options.force ? 'conflict' : 'failed';
      return { name, state, ...none, message: (error as Error).message, error };
    }
  }

  /** The cached children of `primary` and this dependent. */
  private async children(primary: KubernetesObject, signal: AbortSignal): Promise<KubernetesObject[]> {
    const namespace = this.spec.info.namespaced ? primary.metadata?.namespace : undefined;
    const list = await this.client.list(this.spec.type, {
      namespace,
      matchingFields: { [DEPENDENT_INDEX]: `${primary.metadata?.uid}/${this.spec.name}` },
      signal,
    });
    return list.items;
  }

  /** The desired apply configurations, checked, labelled and controlled by `primary`. */
  private async desired(primary: KubernetesObject, context: ReconcileContext): Promise<KubernetesObject[]> {
    const { info, name } = this.spec;
    const given = await this.spec.desired(primary, context);
    const list = (
      given === undefined || given === null ? [] : Array.isArray(given) ? given : [given]
    ) as KubernetesObject[];
    return list.map((config) => {
      if (config.kind !== info.kind || config.apiVersion !== apiVersionOf(info) || !config.metadata?.name) {
        throw new DependentError(
          `unable to apply the dependent ${name}: its desired function must return ${apiVersionOf(info)} ${info.kind} apply configurations with a metadata.name, got ${config.apiVersion} ${config.kind} ${config.metadata?.name ?? '(no name)'}`,
        );
      }
      const namespace = info.namespaced ? (config.metadata.namespace ?? primary.metadata?.namespace) : undefined;
      const labels = { ...config.metadata.labels, [DEPENDENT_LABEL]: name };
      return withControllerReference(primary, { ...config, metadata: { ...config.metadata, namespace, labels } });
    });
  }

  /** Applies `config` unless the cached child already holds it; what the apply did. */
  private async apply(
    config: KubernetesObject,
    existing: readonly KubernetesObject[],
    context: ReconcileContext,
  ): Promise<DependentResult['applied'][number]> {
    const { fieldOwner, options, info } = this.spec;
    const key = objectKey(config);
    const previous = existing.find((child) => objectKey(child) === key);
    // a sharding manager's client stamps the owner's range label on the children it writes
    const stamped = [SHARD_RANGE_LABEL];
    if (previous !== undefined && appliedMatches(previous, config, fieldOwner, this.fieldsOf(previous), stamped)) {
      return { operation: 'unchanged', child: previous, previous };
    }
    const child = await this.client.apply(config, { fieldOwner, force: options.force, signal: context.signal });
    context.log.debug('applied a dependent', { dependent: this.spec.name, object: describe(child, info) });
    if (previous === undefined) return { operation: 'created', child };
    // only a child cached without the entry needs the answer's (kept until the cache has its own)
    if (appliedFields(previous, fieldOwner) === undefined) this.remember(child);
    const same = child.metadata?.resourceVersion === previous.metadata?.resourceVersion;
    return { operation: same ? 'unchanged' : 'updated', child, previous };
  }

  /** The field owner's entry on `live`, or the last apply answer's of the same resourceVersion. */
  private fieldsOf(live: KubernetesObject): FieldsV1 | undefined {
    const own = appliedFields(live, this.spec.fieldOwner);
    const uid = live.metadata?.uid ?? '';
    if (own !== undefined) {
      this.answered.delete(uid);
      return own;
    }
    const answered = this.answered.get(uid);
    return answered?.resourceVersion === live.metadata?.resourceVersion ? answered?.fields : undefined;
  }

  private remember(answer: KubernetesObject): void {
    const fields = appliedFields(answer, this.spec.fieldOwner);
    const uid = answer.metadata?.uid;
    if (fields === undefined || uid === undefined) return;
    this.answered.set(uid, { resourceVersion: answer.metadata?.resourceVersion, fields });
  }

  private async deleteAll(children: readonly KubernetesObject[], context: ReconcileContext): Promise<void> {
    await Promise.all(
      children.map(async (child) => {
        this.answered.delete(child.metadata?.uid ?? '');
        await this.client
          .delete(child, { preconditions: { uid: child.metadata?.uid }, signal: context.signal })
          .catch(ignoreNotFound);
        context.log.debug('deleted a dependent', {
          dependent: this.spec.name,
          object: describe(child, this.spec.info),
        });
      }),
    );
  }
}
