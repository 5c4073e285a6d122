/**
 * Dependents: the children a controller makes look like a desired state computed from its
 * primary (java-operator-sdk's dependent resources and workflows), applied by server-side
 * apply and written only when the server does not hold that state yet.
 *
 * ```ts
 * controllerManagedBy(mgr)
 *   .for(Widget)
 *   .dependent(ConfigMap, (w: Widget) => applyConfiguration(ConfigMap, { metadata: { name: w.metadata!.name! }, data: { size: `${w.spec.size}` } }), { name: 'settings' })
 *   .dependent(Deployment, deploymentOf, { dependsOn: ['settings'], readyWhen: (d) => (d.status?.availableReplicas ?? 0) > 0 })
 *   .complete();
 * ```
 *
 * `@Dependent(Type, options)` on a controller class's method is the same (the package
 * root exports it). The primary's `Ready` condition says how they stand (`readyCondition`;
 * `withDependentStatus` replaces it); children carry the label `DEPENDENT_LABEL`. Each
 * `DependentResult` says per child what the apply did (`applied`: created, updated,
 * unchanged, with the child held before) and which children were deleted. A primary the
 * cache hands out older (by generation) than the one last applied from is not applied.
 * `externalDependent(resource, options)` (`@ExternalDependent`) keeps what cannot carry an
 * owner reference, holding `DEPENDENTS_FINALIZER` on the primary until it is deleted.
 * @module dependent
 */
export {
  DEPENDENT_LABEL,
  type DependentOptions,
  type DependentReconciler,
  type DependentResult,
  type DependentStatusFunc,
  type DependentsOutcome,
  type DesiredFunc,
} from './dependent.js';
export { DEPENDENTS_FINALIZER, type ExternalDependentOptions, type ExternalResource } from './external.js';
export { readyCondition } from './ready-condition.js';
