/**
 * `config/rbac/<kind>_editor_role.yaml` and `<kind>_viewer_role.yaml`: kubebuilder's
 * ClusterRoles for the cluster admin to grant users (the manager does not use them):
 * an editor may change objects of the kind, a viewer may read them.
 * @module
 */
import type { ResourceNames } from '../../scaffold/names.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const rbacRolePaths = (names: ResourceNames) =>
  (['editor', 'viewer'] as const).map((role) => `config/rbac/${names.lower}_${role}_role.yaml`);

function role(names: ResourceNames, projectName: string, role: 'editor' | 'viewer', verbs: readonly string[]) {
  const list = (items: readonly string[]) => items.map((v) => `      - ${v}`).join('\n');
  const purpose =
    role === 'editor'
      ? `create, update and delete ${names.kind} objects`
      : `read ${names.kind} objects without changing them`;
  return `# Not used by ${projectName} itself: a ClusterRole for the cluster admin to grant users
# who ${purpose}.
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  labels:
    app.kubernetes.io/name: ${projectName}
    app.kubernetes.io/managed-by: kustomize
  name: ${names.lower}-${role}-role
rules:
  - apiGroups:
      - ${names.qualifiedGroup}
    resources:
      - ${names.plural}
    verbs:
${list(verbs)}
  - apiGroups:
      - ${names.qualifiedGroup}
    resources:
      - ${names.plural}/status
    verbs:
      - get
`;
}

export function rbacRoleFiles(names: ResourceNames, projectName: string): ScaffoldFile[] {
  const [editor, viewer] = rbacRolePaths(names) as [string, string];
  return [
    {
      path: editor,
      content: role(names, projectName, 'editor', ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
    },
    { path: viewer, content: role(names, projectName, 'viewer', ['get', 'list', 'watch']) },
  ];
}
