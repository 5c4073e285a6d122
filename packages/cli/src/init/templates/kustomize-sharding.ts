/**
 * `config/sharding`: an optional kustomize Component (off until `config/default` lists it)
 * that runs the manager as 3 replicas splitting the objects of its sharded controllers
 * between them (Operant's docs/sharding.md): `replicas: 3` and `--sharding` on the
 * Deployment, and the leader-election Role extended with what a member needs on Leases in
 * the manager's namespace (its own Lease, the group's, an expired member's). A Component,
 * not a resource folder like kubebuilder's config/prometheus, because it patches objects of
 * config/manager and config/rbac, which only a Component included by config/default can.
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const kustomizeSharding: ScaffoldFile[] = [
  {
    path: 'config/sharding/kustomization.yaml',
    content: `# Sharding: N replicas of the manager split the objects of the sharded controllers between
# them, each listing, watching and reconciling about 1/N (Operant's docs/sharding.md).
# Turn it on by uncommenting \`components: [../sharding]\` in config/default/kustomization.yaml.
# Change the replica count in manager_sharding_patch.yaml; other flags: --shard-key
# (uid or namespace), --shard-ranges (a power of two, 4096 at most), --shard-mode (auto,
# server or labels); every replica must run with the same key, ranges and mode: a replica
# of another configuration is refused (it takes no range and is not ready), so roll out a
# change of them by scaling down and up, not by a rolling update.
apiVersion: kustomize.config.k8s.io/v1alpha1
kind: Component

patches:
  # replicas: 3 and --sharding in the manager's args
  - path: manager_sharding_patch.yaml
    target:
      kind: Deployment
      name: controller-manager
  # the members' Leases, in the manager's namespace only
  - path: leader_election_role_sharding_patch.yaml
    target:
      kind: Role
      name: leader-election-role
`,
  },
  {
    path: 'config/sharding/manager_sharding_patch.yaml',
    content: `# 3 replicas, each a member of the shard group; --leader-elect stays on (controllers that are
# not sharded, and the sharder of servers without the shard selector, run on the leader).
- op: replace
  path: /spec/replicas
  value: 3
- op: add
  path: /spec/template/spec/containers/0/args/-
  value: --sharding
`,
  },
  {
    path: 'config/sharding/leader_election_role_sharding_patch.yaml',
    content: `# Each member creates and renews its own Lease (<leader-election-id>-<identity>), lists and
# watches the Leases of its group, and deletes the Lease of a member that expired. The names
# are not known in advance, so this rule has no resourceNames: any Lease in the manager's
# namespace, and nowhere else. create is in the Role already.
- op: add
  path: /rules/-
  value:
    apiGroups:
      - coordination.k8s.io
    resources:
      - leases
    verbs:
      - get
      - list
      - watch
      - update
      - delete
`,
  },
];
