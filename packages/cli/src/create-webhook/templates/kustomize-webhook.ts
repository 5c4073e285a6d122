/**
 * What a deploy needs to serve webhooks, as kubebuilder scaffolds it on the first
 * `create webhook`: `config/webhook` (the configurations `pnpm manifests` writes, the
 * `webhook-service` Service on 443 → 9443, and the kustomize name and namespace references
 * of their `clientConfig`), `config/certmanager` (a self-signed Issuer and the serving
 * Certificate for the Service's DNS names, in the Secret `webhook-server-cert`), and
 * `config/default/manager_webhook_patch.yaml` (that Secret mounted where
 * `--webhook-cert-path` points, and the container port). cert-manager it is: Operant's
 * self-signed certificates serve metrics only, since the API server must trust the webhook
 * server's CA (the `caBundle` cert-manager's CA injector writes).
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';

/** The folder the Secret is mounted at, the webhook server's default `certDir` on Linux. */
export const WEBHOOK_CERT_PATH = '/tmp/k8s-webhook-server/serving-certs';

export function kustomizeWebhookFiles(projectName: string): ScaffoldFile[] {
  const labels = `    app.kubernetes.io/name: ${projectName}
    app.kubernetes.io/managed-by: kustomize`;
  return [
    {
      path: 'config/webhook/kustomization.yaml',
      content: `# The webhook configurations (manifests.yaml: \`pnpm manifests\`, operant webhook-gen) and the
# Service in front of the manager's webhook server.
resources:
  - manifests.yaml
  - service.yaml

configurations:
  - kustomizeconfig.yaml
`,
    },
    {
      path: 'config/webhook/kustomizeconfig.yaml',
      content: `# Teaches kustomize that the configurations name the webhook Service: its name prefix and
# namespace reach clientConfig.service.
nameReference:
  - kind: Service
    version: v1
    fieldSpecs:
      - kind: MutatingWebhookConfiguration
        group: admissionregistration.k8s.io
        path: webhooks/clientConfig/service/name
      - kind: ValidatingWebhookConfiguration
        group: admissionregistration.k8s.io
        path: webhooks/clientConfig/service/name

namespace:
  - kind: MutatingWebhookConfiguration
    group: admissionregistration.k8s.io
    path: webhooks/clientConfig/service/namespace
    create: true
  - kind: ValidatingWebhookConfiguration
    group: admissionregistration.k8s.io
    path: webhooks/clientConfig/service/namespace
    create: true
`,
    },
    {
      path: 'config/webhook/service.yaml',
      content: `apiVersion: v1
kind: Service
metadata:
  labels:
${labels}
  name: webhook-service
  namespace: system
spec:
  ports:
    - port: 443
      protocol: TCP
      targetPort: 9443
  selector:
    control-plane: controller-manager
    app.kubernetes.io/name: ${projectName}
`,
    },
    {
      path: 'config/certmanager/kustomization.yaml',
      content: `# The webhook server's certificate, from cert-manager (install it in the cluster first:
# https://cert-manager.io/docs/installation/).
resources:
  - issuer.yaml
  - certificate-webhook.yaml

configurations:
  - kustomizeconfig.yaml
`,
    },
    {
      path: 'config/certmanager/kustomizeconfig.yaml',
      content: `# Teaches kustomize that a Certificate names its Issuer: the name prefix reaches issuerRef.
nameReference:
  - kind: Issuer
    group: cert-manager.io
    fieldSpecs:
      - kind: Certificate
        group: cert-manager.io
        path: spec/issuerRef/name
`,
    },
    {
      path: 'config/certmanager/issuer.yaml',
      content: `# A self-signed Issuer: cert-manager signs the serving certificate with it, and its CA
# injector copies the CA into the webhook configurations' caBundle.
apiVersion: cert-manager.io/v1
kind: Issuer
metadata:
  labels:
${labels}
  name: selfsigned-issuer
  namespace: system
spec:
  selfSigned: {}
`,
    },
    {
      path: 'config/certmanager/certificate-webhook.yaml',
      content: `# The webhook server's serving certificate, for the webhook Service's DNS names (kustomize
# writes them: SERVICE_NAME and SERVICE_NAMESPACE are placeholders, see config/default).
apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
  labels:
${labels}
  name: serving-cert
  namespace: system
spec:
  dnsNames:
    - SERVICE_NAME.SERVICE_NAMESPACE.svc
    - SERVICE_NAME.SERVICE_NAMESPACE.svc.cluster.local
  issuerRef:
    kind: Issuer
    name: selfsigned-issuer
  secretName: webhook-server-cert
`,
    },
    {
      path: 'config/default/manager_webhook_patch.yaml',
      content: `# Serves webhooks from the manager: cert-manager's Secret mounted where --webhook-cert-path
# points, and the container port the webhook Service targets.
- op: add
  path: /spec/template/spec/containers/0/args/-
  value: --webhook-cert-path=${WEBHOOK_CERT_PATH}
- op: add
  path: /spec/template/spec/containers/0/ports
  value:
    - containerPort: 9443
      name: webhook-server
      protocol: TCP
- op: add
  path: /spec/template/spec/containers/0/volumeMounts
  value:
    - mountPath: ${WEBHOOK_CERT_PATH}
      name: webhook-certs
      readOnly: true
- op: add
  path: /spec/template/spec/volumes
  value:
    - name: webhook-certs
      secret:
        secretName: webhook-server-cert
`,
    },
  ];
}
