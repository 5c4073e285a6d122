/**
 * `config/rbac`: the manager's ServiceAccount, its ClusterRole (`role.yaml`, written by
 * `operant rbac-gen` from the controllers: `pnpm manifests`; no Leases in it; a Role in a
 * namespaced project, manager-scope.ts) and binding,
 * and the Role leader election needs in the manager's namespace only: its one Lease by
 * name (only `create` cannot be limited to a name), and Events, core and events.k8s.io
 * (kubebuilder's layout).
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import { type InitContext, leaderElectionId } from './context.js';
import { managerRole } from './manager-scope.js';

const verbs = (list: readonly string[]) => list.map((v) => `      - ${v}`).join('\n');

export function kustomizeRbac(context: InitContext): ScaffoldFile[] {
  return [
    {
      path: 'config/rbac/kustomization.yaml',
      content: `# role.yaml is written by \`pnpm manifests\` (operant rbac-gen) from the controllers
resources:
  - service_account.yaml
  - role.yaml
  - role_binding.yaml
  - leader_election_role.yaml
  - leader_election_role_binding.yaml
  # Protect /metrics: the manager reviews tokens (metrics-auth-role); scrapers need metrics-reader
  - metrics_auth_role.yaml
  - metrics_auth_role_binding.yaml
  - metrics_reader_role.yaml
`,
    },
    {
      path: 'config/rbac/service_account.yaml',
      content: `apiVersion: v1
kind: ServiceAccount
metadata:
  name: controller-manager
  namespace: system
`,
    },
    ...managerRole(context),
    {
      path: 'config/rbac/leader_election_role.yaml',
      content: `# Permissions to do leader election, in the manager's namespace only (the ClusterRole in
# role.yaml has no Leases). The Lease is the one --leader-election-id names (src/main.ts's
# default): change resourceNames with it. create cannot be limited by resourceNames (the
# API server authorizes it before the name is known); list and watch by name need a
# metadata.name field selector. Events in both APIs, as kubebuilder: core v1 (client-go's
# leader election records them; Operant's records none) and events.k8s.io, which Operant's
# recorder writes (a controller recording Events about objects elsewhere declares them
# with @Rbac).
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: leader-election-role
  namespace: system
rules:
  - apiGroups:
      - coordination.k8s.io
    resources:
      - leases
    verbs:
${verbs(['create'])}
  - apiGroups:
      - coordination.k8s.io
    resourceNames:
      - ${leaderElectionId(context)}
    resources:
      - leases
    verbs:
${verbs(['get', 'list', 'watch', 'update', 'patch', 'delete'])}
  - apiGroups:
      - ""
    resources:
      - events
    verbs:
${verbs(['create', 'patch'])}
  - apiGroups:
      - events.k8s.io
    resources:
      - events
    verbs:
${verbs(['create', 'patch'])}
`,
    },
    {
      path: 'config/rbac/leader_election_role_binding.yaml',
      content: `apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: leader-election-rolebinding
  namespace: system
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: leader-election-role
subjects:
  - kind: ServiceAccount
    name: controller-manager
    namespace: system
`,
    },
  ];
}
