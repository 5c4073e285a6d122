/**
 * Protected metrics as kubebuilder scaffolds them: `config/default` patches
 * `--metrics-bind-address=:8443` into the manager's args (served over HTTPS behind TokenReview
 * + SubjectAccessReview: `--metrics-secure` defaults to true) and adds the metrics Service on
 * 8443; `config/rbac` gets `metrics-auth-role` (the manager may create TokenReviews and
 * SubjectAccessReviews) with its binding, and `metrics-reader` (bind it to whatever scrapes:
 * `get` on `/metrics`). Hand-kept files, like kubebuilder's: `rbac-gen` writes only role.yaml.
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import type { InitContext } from './context.js';

export function kustomizeMetrics(context: InitContext): ScaffoldFile[] {
  return [
    {
      path: 'config/default/manager_metrics_patch.yaml',
      content: `# Turns metrics on: HTTPS on :8443, only for bearer tokens allowed \`get\` on /metrics
# (TokenReview + SubjectAccessReview; --metrics-secure=false would serve plain HTTP).
- op: add
  path: /spec/template/spec/containers/0/args/0
  value: --metrics-bind-address=:8443
`,
    },
    {
      path: 'config/default/metrics_service.yaml',
      content: `apiVersion: v1
kind: Service
metadata:
  labels:
    control-plane: controller-manager
    app.kubernetes.io/name: ${context.name}
    app.kubernetes.io/managed-by: kustomize
  name: controller-manager-metrics-service
  namespace: system
spec:
  ports:
    - name: https
      port: 8443
      protocol: TCP
      targetPort: 8443
  selector:
    control-plane: controller-manager
    app.kubernetes.io/name: ${context.name}
`,
    },
    {
      path: 'config/rbac/metrics_auth_role.yaml',
      content: `# Lets the manager check who scrapes /metrics: a TokenReview for the bearer token, a
# SubjectAccessReview for \`get\` on /metrics (metrics.withAuthenticationAndAuthorization).
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: metrics-auth-role
rules:
  - apiGroups:
      - authentication.k8s.io
    resources:
      - tokenreviews
    verbs:
      - create
  - apiGroups:
      - authorization.k8s.io
    resources:
      - subjectaccessreviews
    verbs:
      - create
`,
    },
    {
      path: 'config/rbac/metrics_auth_role_binding.yaml',
      content: `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: metrics-auth-rolebinding
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: metrics-auth-role
subjects:
  - kind: ServiceAccount
    name: controller-manager
    namespace: system
`,
    },
    {
      path: 'config/rbac/metrics_reader_role.yaml',
      content: `# Bind this to whatever scrapes /metrics (Prometheus' ServiceAccount, say).
# With --metrics-debug-reconciles the same port also serves /debug/reconciles (object names,
# causes, errors): grant it apart, to people, in a role of its own with the nonResourceURL
# /debug/reconciles and the verb get; do not add it here.
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: metrics-reader
rules:
  - nonResourceURLs:
      - /metrics
    verbs:
      - get
`,
    },
  ];
}
