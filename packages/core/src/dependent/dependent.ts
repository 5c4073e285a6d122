/**
 * What a dependent is: a kind of child object a controller makes look like a desired state
 * computed from its primary (java-operator-sdk's dependent resources). A desired function
 * returns the child as an apply configuration, a list of them (a bulk dependent: one child
 * per entry), or nothing (`undefined`, `null`: no child wanted). Operant applies each child
 * by server-side apply under the dependent's field owner, with the primary's controller
 * reference and the label `operant.dev/dependent: <name>`, sends nothing when the server
 * already holds the desired fields, and deletes the children of this primary and dependent
 * that are no longer desired (found by that label and the controller reference).
 *
 * `DependentOptions` order dependents (`dependsOn`), gate them (`readyWhen`) and switch them
 * off (`activeWhen`); `DependentsOutcome` is what one reconcile of them came to, handed to
 * the controller's own reconciler and to the status function (`DependentStatusFunc`).
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { ReconcileContext } from '../api/reconciler.js';
import type { Request } from '../api/request.js';
import type { Result } from '../api/result.js';
import type { ApplyConfiguration } from '../client/apply-configuration.js';
import type { ConditionInput } from '../controllerutil/conditions.js';

/** The label Operant sets on every child of a dependent: its value is the dependent's name. */
export const DEPENDENT_LABEL = 'operant.dev/dependent';

/** The desired children of one primary: one, a list (a bulk dependent), or none. */
export type DesiredFunc<
  P extends KubernetesObject = KubernetesObject,
  C extends KubernetesObject = KubernetesObject,
> = (
  primary: P,
  context: ReconcileContext,
) =>
  | ApplyConfiguration<C>
  | readonly ApplyConfiguration<C>[]
  | undefined
  | null
  | Promise<ApplyConfiguration<C> | readonly ApplyConfiguration<C>[] | undefined | null>;

/** What `dependent(Type, desired, options)` and `@Dependent(Type, options)` take. */
export interface DependentOptions<
  P extends KubernetesObject = KubernetesObject,
  C extends KubernetesObject = KubernetesObject,
> {
  /**
   * Names the dependent in `dependsOn`, in the primary's conditions and in the label on its
   * children (a label value: at most 63 letters, digits, `-`, `_`, `.`). Default: the
   * lowercase kind (`@Dependent`: the method's name); two dependents of one controller need two names.
   */
  name?: string;
  /** Dependents (by name) that must be ready before this one is applied. */
  dependsOn?: readonly string[];
  /** Whether a child is ready (e.g. a Deployment's available replicas); default: applied is ready. */
  readyWhen?: (child: C, primary: P) => boolean;
  /** Whether the dependent is wanted at all; when false its children are deleted. Default: always. */
  activeWhen?: (primary: P) => boolean;
  /**
   * Take fields another field manager owns (`force=true`). Default false: a conflict is
   * reported on the primary (the `Ready` condition, reason `Conflict`) and nothing is forced.
   * A plain update (`kubectl edit`) that changes a field makes its writer the field's owner,
   * so undoing such drift is a conflict too: a dependent that must restore it sets `force`.
   */
  force?: boolean;
  /** The field manager of the applies. Default: the controller's name. */
  fieldOwner?: string;
}

/**
 * Where a dependent stands after a reconcile: `ready`; `notReady` (applied, `readyWhen`
 * false); `waiting` (a dependency is not ready, nothing applied); `inactive` (`activeWhen`
 * false, children deleted); `conflict` (another field manager owns a field it applies);
 * `failed` (another error, which the reconcile then returns to be retried).
 */
export type DependentState = 'ready' | 'notReady' | 'waiting' | 'inactive' | 'conflict' | 'failed';

/** One dependent's outcome. */
export interface DependentResult<C extends KubernetesObject = KubernetesObject> {
  readonly name: string;
  readonly state: DependentState;
  /** The children as the server holds them (the apply's answer, or the cached object when nothing was sent). */
  readonly children: readonly C[];
  /**
   * What the apply did to each child of `children`, in the same order: `created` (the cache
   * held no such child), `updated` (an apply changed it) or `unchanged` (nothing was sent, or
   * the server answered with the resourceVersion the cache held); `previous` is the child as
   * the cache held it before the apply (undefined when created). An external dependent has
   * no `children` and one entry here: `child` is what its `apply` returned, `previous` what
   * its `read` found; `created` when that was nothing, `unchanged` when `apply` returned it
   * as found (equal as JSON), else `updated`.
   */
  readonly applied: readonly {
    readonly operation: 'created' | 'updated' | 'unchanged';
    readonly child: C;
    readonly previous?: C;
  }[];
  /** The children deleted, as the cache held them: no longer desired, or every one of an inactive dependent (an external one: what `read` found). */
  readonly deleted: readonly C[];
  /** Why it is not ready, for conditions and logs. */
  readonly message?: string;
  /** The error of a `failed` dependent. */
  readonly error?: unknown;
}

/** What one reconcile of a primary's dependents came to. */
export interface DependentsOutcome<P extends KubernetesObject = KubernetesObject> {
  readonly primary: P;
  /** Every dependent is `ready` or `inactive`. */
  readonly ready: boolean;
  /** By dependent name, in declaration order. */
  readonly results: Readonly<Record<string, DependentResult>>;
}

/**
 * The conditions to set on the primary's status after its dependents ran (each set as
 * `setStatusCondition` does; the status is written, a merge patch of `status.conditions` on
 * the status subresource, only when one changed). The default is `readyCondition`; a
 * primary kind without a status subresource needs `withDependentStatus(false)` (or
 * `@Controller({ dependentStatus: false })`).
 */
export type DependentStatusFunc<P extends KubernetesObject = KubernetesObject> = (
  outcome: DependentsOutcome<P>,
) => readonly ConditionInput[];

/**
 * A controller's own reconciler when it has dependents: it runs after them, with their
 * outcome (`undefined` when the primary is gone or being deleted: no dependent ran).
 */
export interface DependentReconciler {
  reconcile(
    request: Request,
    context: ReconcileContext,
    outcome?: DependentsOutcome,
    // biome-ignore lint/suspicious/noConfusingVoidType: as Reconciler's
  ): Promise<Result | void>;
}
