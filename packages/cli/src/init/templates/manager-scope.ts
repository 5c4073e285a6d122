/**
 * The manager's scope (kubebuilder's "Manager Scope"): cluster-wide by default, or with
 * `operant init --namespaced` limited to the namespace it is deployed in, as kubebuilder's
 * `init --namespaced` scaffolds it. Then its role is a Role and its binding a RoleBinding in
 * that namespace (`operant rbac-gen --namespace system` in the manifests script; kustomize
 * renames `system`), config/manager passes the pod's namespace as `WATCH_NAMESPACE` (the
 * downward API), and src/main.ts caches only that namespace, refuses cluster-wide watches
 * (`clusterWide: false`) and keeps its Lease there.
 * @module
 */
import { renderControllerRole } from '../../rbac-gen/command.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import type { InitContext } from './context.js';

/** The environment variable kubebuilder's namespaced main.go reads: one namespace, or several separated by commas. */
export const WATCH_NAMESPACE = 'WATCH_NAMESPACE';

/** Said above `WATCH_NAMESPACE` in config/manager. */
export const watchNamespaceComment =
  "The namespace the manager watches (its Role grants nothing elsewhere): the pod's own";

/** The namespace of `config/rbac` and `config/manager` before kustomize sets `<name>-system`. */
const base = 'system';

export const manifestsScript = (context: Pick<InitContext, 'namespaced'>) =>
  `operant crd-gen src/api --out config/crd/bases && operant rbac-gen src/controllers -o config/rbac/role.yaml${context.namespaced ? ` --namespace ${base}` : ''}`;

/** `config/rbac/role.yaml` (rewritten by `pnpm manifests`) and `role_binding.yaml`. */
export function managerRole(context: Pick<InitContext, 'namespaced'>): ScaffoldFile[] {
  const [binding, role] = context.namespaced ? ['RoleBinding', 'Role'] : ['ClusterRoleBinding', 'ClusterRole'];
  return [
    { path: 'config/rbac/role.yaml', content: renderControllerRole([], context.namespaced ? { namespace: base } : {}) },
    {
      path: 'config/rbac/role_binding.yaml',
      content: `apiVersion: rbac.authorization.k8s.io/v1
kind: ${binding}
metadata:
  name: manager-rolebinding
${context.namespaced ? `  namespace: ${base}\n` : ''}roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ${role}
  name: manager-role
subjects:
  - kind: ServiceAccount
    name: controller-manager
    namespace: ${base}
`,
    },
  ];
}

/** The manager container's `env` entry that passes the pod's namespace (nothing when cluster-wide). */
export function watchNamespaceEnv(context: Pick<InitContext, 'namespaced'>): string {
  if (!context.namespaced) return '';
  return `            # ${watchNamespaceComment}
            - name: ${WATCH_NAMESPACE}
              valueFrom:
                fieldRef:
                  fieldPath: metadata.namespace
`;
}

/** The statement of src/main.ts that creates the operator: namespace-scoped, it reads the watch namespace first. */
export function createOperatorStatement(context: Pick<InitContext, 'namespaced' | 'name'>): string {
  if (!context.namespaced) {
    return `  const app = await OperantFactory.create(AppModule, {
    manager: { ...options, eventSource: '${context.name}' },
    enableWebhooks,
  });`;
  }
  return `  // Namespace-scoped (operant init --namespaced): the manager's Role grants nothing outside
  // ${WATCH_NAMESPACE} (config/manager sets it to the pod's namespace; several: comma-separated)
  const namespaces = (process.env.${WATCH_NAMESPACE} ?? '').split(',').filter((n) => n !== '');
  if (namespaces.length === 0) {
    throw new Error('unable to start the manager: ${WATCH_NAMESPACE} is not set (the namespace to watch)');
  }
  const app = await OperantFactory.create(AppModule, {
    manager: {
      ...options,
      // only these namespaces are cached; a cluster-wide watch fails at start, naming the kind
      cache: { defaultNamespaces: namespaces, clusterWide: false },
      leaderElectionNamespace: options.leaderElectionNamespace ?? namespaces[0],
      eventSource: '${context.name}',
    },
    enableWebhooks,
  });`;
}

/** The README's section on the scope (nothing when cluster-wide). */
export function readmeScope(context: Pick<InitContext, 'namespaced'>): string {
  if (!context.namespaced) return '';
  return `

## Namespace-scoped

The manager watches only the namespace it runs in (\`${WATCH_NAMESPACE}\`, which
config/manager sets to the pod's namespace; outside a cluster:
\`${WATCH_NAMESPACE}=<namespace> pnpm run run\`). Its role is a Role there
(\`pnpm manifests\` runs \`operant rbac-gen --namespace\`), and a controller that would
watch a cluster-scoped kind or all namespaces fails at start, naming the kind.`;
}
