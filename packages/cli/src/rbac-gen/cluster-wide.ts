/**
 * The guard on cluster-wide writes. A ClusterRole that lets the manager create, change or
 * delete Leases, Secrets, RBAC roles and bindings, admission webhook or policy
 * configurations or CRDs in every namespace hands whoever controls the operator much of the
 * cluster: it can take over kube-controller-manager's leader election, mint credentials,
 * grant itself more, intercept or block every API write, or replace an API. rbac-gen
 * refuses such a grant unless the controller declares it on purpose with an
 * `@Rbac({ ..., clusterWide: true })` rule covering the group, resource and verb (and the
 * names, when the grant is limited to names). A namespaced Role (`--namespace`) is not
 * checked: it is not cluster-wide.
 * @module
 */

import { getControllerMetadata } from '@operant/core/internal';
import { type AnyClass } from '@operant/crd';
import { CliError } from '../errors.js';
import { type Grant, rbacSource } from './grants.js';

/** What `@Rbac` recorded: one rule. */
type RbacMetadata = NonNullable<ReturnType<typeof getControllerMetadata>>['rbac'][number];

/** The guarded resources, by API group (`''` is the core group). */
export const guardedResources: Readonly<Record<string, readonly string[]>> = {
  '': ['secrets'],
  'coordination.k8s.io': ['leases'],
  'rbac.authorization.k8s.io': ['roles', 'rolebindings', 'clusterroles', 'clusterrolebindings'],
  'admissionregistration.k8s.io': [
    'validatingwebhookconfigurations',
    'mutatingwebhookconfigurations',
    'validatingadmissionpolicies',
    'validatingadmissionpolicybindings',
    'mutatingadmissionpolicies',
    'mutatingadmissionpolicybindings',
  ],
  'apiextensions.k8s.io': ['customresourcedefinitions'],
};

/** Verbs that change objects (`escalate` and `bind` change what RBAC objects may grant). */
export const writeVerbs: readonly string[] = [
  '*',
  'create',
  'update',
  'patch',
  'delete',
  'deletecollection',
  'escalate',
  'bind',
];

const matches = (values: readonly string[], value: string) => values.includes(value) || values.includes('*');

/** `secrets`, `leases.coordination.k8s.io` (kubectl's spelling), for every guarded resource `grant` reaches. */
function guardedIn(grant: Grant): string[] {
  return Object.entries(guardedResources)
    .filter(([group]) => grant.group === group || grant.group === '*')
    .flatMap(([group, resources]) =>
      resources
        .filter((r) => grant.resource === r || grant.resource === '*')
        .map((r) => (group === '' ? r : `${r}.${group}`)),
    );
}

/** A rule limited to names covers only grants limited to some of those names. */
const namesCovered = (rule: RbacMetadata, grant: Grant) =>
  rule.resourceNames === undefined ||
  (grant.resourceNames !== undefined &&
    grant.resourceNames.length > 0 &&
    grant.resourceNames.every((n) => rule.resourceNames?.includes(n)));

/** Whether a `clusterWide` rule declares `verb` on the grant's group, resource and names. */
function declared(rules: readonly RbacMetadata[], grant: Grant, verb: string): boolean {
  return rules.some(
    (rule) =>
      rule.clusterWide === true &&
      matches(rule.groups, grant.group) &&
      matches(rule.resources, grant.resource) &&
      matches(rule.verbs, verb) &&
      namesCovered(rule, grant),
  );
}

/** One line per undeclared cluster-wide write among a controller's grants. */
export function undeclaredClusterWideWrites(type: AnyClass, grants: readonly Grant[]): string[] {
  const rules = getControllerMetadata(type)?.rbac ?? [];
  return grants.flatMap((grant) => {
    const guarded = guardedIn(grant);
    const verbs = grant.verbs.filter((v) => writeVerbs.includes(v) && !declared(rules, grant, v));
    if (guarded.length === 0 || verbs.length === 0) return [];
    const fix = grant.from?.startsWith('@Rbac(')
      ? 'add clusterWide: true to that @Rbac to declare it'
      : `declare it with ${rbacSource({ groups: [grant.group], resources: [grant.resource], verbs, clusterWide: true })}`;
    const names = grant.resourceNames === undefined ? '' : ` named ${grant.resourceNames.join(', ')}`;
    return [
      `@Controller ${type.name}: ${grant.from ?? 'a rule'} grants ${verbs.join(', ')} on ${guarded.join(', ')}${names} in every namespace; ${fix}, or generate a namespaced Role (--namespace)`,
    ];
  });
}

/** Throws `CliError('clusterWide')` listing every undeclared cluster-wide write of these controllers. */
export function checkClusterWideWrites(controllers: readonly (readonly [AnyClass, readonly Grant[]])[]): void {
  const lines = controllers.flatMap(([type, grants]) => undeclaredClusterWideWrites(type, grants));
  if (lines.length === 0) return;
  throw new CliError(
    'clusterWide',
    `unable to generate the ClusterRole: cluster-wide write access to Secrets, Leases, RBAC roles and bindings, admission configurations or CRDs that no controller declares:\n  ${lines.join('\n  ')}`,
  );
}
