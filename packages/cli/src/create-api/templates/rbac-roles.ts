/**
 * `config/rbac/<kind>_editor_role.yaml` and `<kind>_viewer_role.yaml` (`<group>_<kind>_…` in a
 * multigroup project, named `<group>-<kind>-…`): kubebuilder's
 * ClusterRoles for the cluster admin to grant users (the manager does not use them):
 * an editor may change objects of the kind, a viewer may read them.
 * @module
 */
import type { ResourceNames } from '../../scaffold/names.js';
import type { SourcePaths } from '../../scaffold/source-layout.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const rbacRolePaths = (paths: SourcePaths) =>
  (['editor', 'viewer'] as const).map((role) => `config/rbac/${paths.rbacRoleStem}_${role}_role.yaml`);

function role(
  names: ResourceNames,
  stem: string,
  projectName: string,
  role: 'editor' | 'viewer',
  verbs: readonly string[],
) {
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
  name: ${stem}-${role}-role
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

export function rbacRoleFiles(names: ResourceNames, paths: SourcePaths, projectName: string): ScaffoldFile[] {
  const [editor, viewer] = rbacRolePaths(paths) as [string, string];
  const stem = paths.rbacRoleStem.replaceAll('_', '-');
  return [
    {
      path: editor,
      content: role(names, stem, projectName, 'editor', [
        'create',
        'delete',
        'get',
        'list',
        'patch',
        'update',
        'watch',
      ]),
    },
    { path: viewer, content: role(names, stem, projectName, 'viewer', ['get', 'list', 'watch']) },
  ];
}
