/**
 * What each controller needs, as grants (one API group, one resource, some verbs): the
 * verbs the runtime uses per kind — `for` (read, update, patch; `status` and `finalizers`
 * subresources), `owns` (everything but deletecollection), `@Dependent` kinds (read, and
 * create, patch and delete: server-side apply and pruning), `@Watches` kinds (read) — plus
 * its `@Rbac` rules (kubebuilder's markers: events for a recorder are declared there too).
 * Nothing else: the manager's own needs (leader-election Leases and their Events) belong
 * to the namespaced leader-election Role, not to the cluster-wide role.
 * Kinds resolve through a `ResourceRegistry`: built-ins, `@CustomResource` classes and
 * `resourceType()` descriptors.
 * @module
 */

import { getControllerMetadata, ResourceRegistry } from '@operant/core/internal';
import { type ResourceType } from '@operant/core/resources';
import { type AnyClass } from '@operant/crd';
import { CliError } from '../errors.js';

/** What `@Rbac` recorded: one rule. */
type RbacMetadata = NonNullable<ReturnType<typeof getControllerMetadata>>['rbac'][number];
/** What `@Watches` recorded: one watch. */
type WatchMetadata = NonNullable<ReturnType<typeof getControllerMetadata>>['watches'][number];

/** Some verbs on one resource of one API group (`''` is the core group), maybe limited to names. */
export interface Grant {
  group: string;
  resource: string;
  verbs: readonly string[];
  resourceNames?: readonly string[];
  /** The option that asks for it, for errors: `for`, `owns[0]`, `@Rbac({ … })`. */
  from?: string;
}

export interface GrantOptions {
  /** For a namespaced Role: cluster-scoped kinds are refused, a Role cannot grant them. */
  namespaced?: boolean;
  registry?: ResourceRegistry;
}

const read = ['get', 'list', 'watch'];
export const verbs = {
  for: [...read, 'update', 'patch'],
  status: ['get', 'update', 'patch'],
  finalizers: ['update'],
  owns: [...read, 'create', 'update', 'patch', 'delete'],
  // an apply is a PATCH, and a CREATE too when the child is new; children no longer desired are deleted
  dependents: [...read, 'create', 'patch', 'delete'],
  watches: read,
} as const;

const typeName = (type: ResourceType): string => (typeof type === 'function' ? type.name : type.kind);

/** `@Watches(V1Secret) on widgetsUsing` (a map method) or `@Watches(V1Namespace)` (class level). */
const watchPlace = (type: ResourceType, member: WatchMetadata['member']): string =>
  `@Watches(${typeName(type)})${member === undefined ? '' : ` on ${String(member)}`}`;

/** The grants of one `@Controller` class. Throws `CliError` naming the class and the option. */
export function controllerGrants(type: AnyClass, options: GrantOptions = {}): Grant[] {
  const meta = getControllerMetadata(type);
  if (meta?.options === undefined) {
    throw new CliError('noControllers', `${type.name} has no @Controller decorator`);
  }
  const registry = options.registry ?? new ResourceRegistry();
  const kind = (where: string, kindType: ResourceType, kindVerbs: readonly string[]) => {
    const info = registry.tryResolve(kindType);
    if (info === undefined) {
      throw new CliError(
        'unknownKind',
        `@Controller ${type.name}: ${where} names ${typeName(kindType)}, an unknown kind (neither built in nor a @CustomResource class); use resourceType() for it`,
      );
    }
    if (options.namespaced && !info.namespaced) {
      throw new CliError(
        'scope',
        `@Controller ${type.name}: ${where} names ${info.kind}, a cluster-scoped kind, which a namespaced Role cannot grant; generate a ClusterRole (no --namespace)`,
      );
    }
    return { group: info.group, resource: info.plural, verbs: kindVerbs, from: where };
  };
  const forGrant = kind('for', meta.options.for, verbs.for);
  return [
    forGrant,
    { ...forGrant, resource: `${forGrant.resource}/status`, verbs: verbs.status },
    { ...forGrant, resource: `${forGrant.resource}/finalizers`, verbs: verbs.finalizers },
    ...(meta.options.owns ?? []).map((t, i) => kind(`owns[${i}]`, t, verbs.owns)),
    // an external dependent's own calls are the user's to grant (@Rbac); its finalizer is a patch of the `for` kind
    ...meta.dependents.flatMap((d) =>
      d.external ? [] : [kind(`@Dependent(${typeName(d.type)}) on ${String(d.member)}`, d.type, verbs.dependents)],
    ),
    ...meta.watches.flatMap((w) =>
      w.type === undefined ? [] : [kind(watchPlace(w.type, w.member), w.type, verbs.watches)],
    ),
    ...(meta.rbac ?? []).flatMap(rbacGrants),
  ];
}

/** One `@Rbac` rule as grants: every group × every resource. */
function rbacGrants(rule: RbacMetadata): Grant[] {
  const names = rule.resourceNames === undefined ? {} : { resourceNames: rule.resourceNames };
  const from = rbacSource(rule);
  return rule.groups.flatMap((group) =>
    rule.resources.map((resource) => ({ group, resource, verbs: rule.verbs, ...names, from })),
  );
}

const list = (values: readonly string[]) => `[${values.map((v) => `'${v}'`).join(', ')}]`;

/** A rule as it is written on the class: `@Rbac({ groups: [''], resources: ['secrets'], verbs: ['get'] })`. */
export function rbacSource(rule: RbacMetadata): string {
  const fields = [
    `groups: ${list(rule.groups)}`,
    `resources: ${list(rule.resources)}`,
    `verbs: ${list(rule.verbs)}`,
    ...(rule.resourceNames === undefined ? [] : [`resourceNames: ${list(rule.resourceNames)}`]),
    ...(rule.clusterWide ? ['clusterWide: true'] : []),
  ];
  return `@Rbac({ ${fields.join(', ')} })`;
}
