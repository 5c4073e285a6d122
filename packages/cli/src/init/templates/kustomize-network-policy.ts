/**
 * `config/network-policy`: kubebuilder's opt-in NetworkPolicies (off until `config/default`
 * lists the folder). With one on, only Pods in namespaces labelled `metrics: enabled` reach
 * the manager's metrics port (8443), and, once the project serves webhooks, only those
 * labelled `webhook: enabled` its webhook port (9443); all other ingress to the manager's
 * Pods is denied. `operant helm` renders the same policies from `networkPolicy`
 * (`networkPolicyFor`), so the two stay one rule.
 * @module
 */
import { stringify } from 'yaml';
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import type { InitContext } from './context.js';

/** Which traffic a policy lets in: the namespaces' label and the manager's port. */
export interface NetworkPolicyTraffic {
  /** `metrics` or `webhook`: the policy's name is `allow-<traffic>-traffic`, the namespace label `<traffic>: enabled`. */
  traffic: 'metrics' | 'webhook';
  port: number | string;
}

export const metricsTraffic: NetworkPolicyTraffic = { traffic: 'metrics', port: 8443 };
export const webhookTraffic: NetworkPolicyTraffic = { traffic: 'webhook', port: 9443 };

/** The NetworkPolicy letting `traffic` in to the Pods `podLabels` select, from labelled namespaces only. */
export function networkPolicyFor(
  { traffic, port }: NetworkPolicyTraffic,
  target: { name: string; namespace: string; podLabels: Record<string, string>; labels?: Record<string, string> },
) {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: {
      ...(target.labels === undefined ? {} : { labels: target.labels }),
      name: target.name,
      namespace: target.namespace,
    },
    spec: {
      podSelector: { matchLabels: target.podLabels },
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: [{ namespaceSelector: { matchLabels: { [traffic]: 'enabled' } } }],
          ports: [{ port, protocol: 'TCP' }],
        },
      ],
    },
  };
}

function policyFile(context: InitContext, traffic: NetworkPolicyTraffic, comment: string): ScaffoldFile {
  const policy = networkPolicyFor(traffic, {
    name: `allow-${traffic.traffic}-traffic`,
    namespace: 'system',
    podLabels: { 'control-plane': 'controller-manager', 'app.kubernetes.io/name': context.name },
    labels: { 'app.kubernetes.io/name': context.name, 'app.kubernetes.io/managed-by': 'kustomize' },
  });
  return { path: `config/network-policy/allow-${traffic.traffic}-traffic.yaml`, content: comment + stringify(policy) };
}

export function kustomizeNetworkPolicy(context: InitContext): ScaffoldFile[] {
  return [
    {
      path: 'config/network-policy/kustomization.yaml',
      content: `# NetworkPolicies for the manager's Pods: once one selects them, only the ingress a policy
# allows reaches them. Turn them on by uncommenting \`- ../network-policy\` in
# config/default/kustomization.yaml; label the namespaces that may connect.
resources:
  - allow-metrics-traffic.yaml
  # [WEBHOOK] the webhook server's port, from namespaces labelled webhook: enabled
  #- allow-webhook-traffic.yaml
`,
    },
    policyFile(
      context,
      metricsTraffic,
      `# Lets Pods in namespaces labelled \`metrics: enabled\` (Prometheus') scrape the metrics
# endpoint; they still need a token bound to metrics-reader.
`,
    ),
    policyFile(
      context,
      webhookTraffic,
      `# Lets the namespaces labelled \`webhook: enabled\` call the webhook server. The API server
# calls webhooks from the control plane: on a network plugin that sees it as outside the
# cluster, add an ipBlock for it.
`,
    ),
  ];
}
