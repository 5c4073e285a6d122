/**
 * `config/manager` and `config/default`: the manager's Namespace and Deployment
 * (kubebuilder's: leader election on, probes on :8081, non-root, no privilege escalation,
 * read-only root filesystem; a termination grace period of 45 s, above the manager's 30 s
 * drain; memory 128Mi requested, 256Mi limit, from the example operator's measured bursts) and
 * the overlay that deploys CRDs, RBAC and manager into `<name>-system` with the `<name>-`
 * prefix, with metrics on (kustomize-metrics.ts), sharding a commented-out Component
 * (kustomize-sharding.ts) and the NetworkPolicies a commented-out resource
 * (kustomize-network-policy.ts).
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import type { InitContext } from './context.js';
import { watchNamespaceEnv } from './manager-scope.js';

export function kustomizeManager(context: InitContext): ScaffoldFile[] {
  const labels = `    control-plane: controller-manager
    app.kubernetes.io/name: ${context.name}
    app.kubernetes.io/managed-by: kustomize`;
  return [
    {
      path: 'config/default/kustomization.yaml',
      content: `# Deploys the operator: \`pnpm deploy\` (kubectl apply -k config/default).
# Every object goes into the ${context.name}-system namespace, with names prefixed ${context.name}-.
namespace: ${context.name}-system
namePrefix: ${context.name}-

resources:
  - ../crd
  - ../rbac
  - ../manager
  # Metrics: HTTPS on 8443, behind TokenReview + SubjectAccessReview (docs/deployment.md)
  - metrics_service.yaml
  # [NETWORK-POLICY] only labelled namespaces reach the metrics (and webhook) ports: uncomment
  #- ../network-policy

patches:
  # Turns metrics on: --metrics-bind-address=:8443 (off, 0, without it)
  - path: manager_metrics_patch.yaml
    target:
      kind: Deployment

# [SHARDING] 3 replicas that split the objects of the sharded controllers between them
# (--sharding, and Leases for the members in this namespace; see config/sharding). To enable
# it, uncomment the two lines below.
#components:
#  - ../sharding
`,
    },
    {
      path: 'config/manager/kustomization.yaml',
      content: `resources:
  - manager.yaml
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
# Set the image with: kustomize edit set image controller=<registry>/<image>:<tag>
images:
  - name: controller
    newName: controller
    newTag: latest
`,
    },
    {
      path: 'config/manager/manager.yaml',
      content: `apiVersion: v1
kind: Namespace
metadata:
  labels:
${labels}
  name: system
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: controller-manager
  namespace: system
  labels:
${labels}
spec:
  selector:
    matchLabels:
      control-plane: controller-manager
      app.kubernetes.io/name: ${context.name}
  replicas: 1
  template:
    metadata:
      annotations:
        kubectl.kubernetes.io/default-container: manager
      labels:
        control-plane: controller-manager
        app.kubernetes.io/name: ${context.name}
    spec:
      securityContext:
        runAsNonRoot: true
        seccompProfile:
          type: RuntimeDefault
      containers:
        - name: manager
          image: controller:latest
          args:
            - --leader-elect
            - --health-probe-bind-address=:8081
          env:
            - name: POD_NAME
              valueFrom:
                fieldRef:
                  fieldPath: metadata.name
${watchNamespaceEnv(context)}          securityContext:
            readOnlyRootFilesystem: true
            allowPrivilegeEscalation: false
            capabilities:
              drop:
                - ALL
          livenessProbe:
            httpGet:
              path: /healthz
              port: 8081
            initialDelaySeconds: 15
            periodSeconds: 20
          readinessProbe:
            httpGet:
              path: /readyz
              port: 8081
            initialDelaySeconds: 5
            periodSeconds: 10
          # Memory as measured for Operant's example operator (docs/deployment.md, "Memory"): a burst of
          # 10,000 objects peaks at 198 MiB RSS, 85 MiB of it beside V8's heap; the Dockerfile caps the heap
          # at half the limit (131 MiB here). The request is the RSS after a burst of 500. Measure yours
          # under its largest burst and adjust the two.
          resources:
            limits:
              cpu: 500m
              memory: 256Mi
            requests:
              cpu: 10m
              memory: 128Mi
      serviceAccountName: controller-manager
      # Above the manager's drain bound (gracefulShutdownTimeoutMs, 30 s by default) with a
      # margin, so a rollout lets in-flight reconciles finish instead of SIGKILLing them.
      # Raise both together (docs/deployment.md, "Graceful shutdown").
      terminationGracePeriodSeconds: 45
`,
    },
  ];
}
