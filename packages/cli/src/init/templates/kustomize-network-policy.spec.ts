// config/network-policy as init writes it: kubebuilder's two policies, the webhook one
// listed only in a comment (no webhooks yet), and the whole folder off in config/default.
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { kustomizeManager } from './kustomize-manager.js';
import { kustomizeNetworkPolicy } from './kustomize-network-policy.js';

const context = { domain: 'example.com', name: 'demo', owner: undefined, operant: {} as never, overrides: false };
const file = (path: string) => kustomizeNetworkPolicy(context).find((f) => f.path === path)?.content ?? '';

describe('kustomizeNetworkPolicy', () => {
  it("lets only namespaces labelled metrics: enabled reach the manager's metrics port", () => {
    expect(parse(file('config/network-policy/allow-metrics-traffic.yaml'))).toEqual({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: {
        labels: { 'app.kubernetes.io/name': 'demo', 'app.kubernetes.io/managed-by': 'kustomize' },
        name: 'allow-metrics-traffic',
        namespace: 'system',
      },
      spec: {
        podSelector: { matchLabels: { 'control-plane': 'controller-manager', 'app.kubernetes.io/name': 'demo' } },
        policyTypes: ['Ingress'],
        ingress: [
          {
            from: [{ namespaceSelector: { matchLabels: { metrics: 'enabled' } } }],
            ports: [{ port: 8443, protocol: 'TCP' }],
          },
        ],
      },
    });
    expect(parse(file('config/network-policy/allow-webhook-traffic.yaml')).spec.ingress).toEqual([
      {
        from: [{ namespaceSelector: { matchLabels: { webhook: 'enabled' } } }],
        ports: [{ port: 9443, protocol: 'TCP' }],
      },
    ]);
  });

  it('is listed in config/default only in a comment, and lists the webhook policy only in a comment', () => {
    expect(parse(file('config/network-policy/kustomization.yaml'))).toEqual({
      resources: ['allow-metrics-traffic.yaml'],
    });
    const overlay = kustomizeManager(context).find((f) => f.path === 'config/default/kustomization.yaml')?.content;
    expect(overlay).toContain('\n  #- ../network-policy\n');
    expect(parse(overlay ?? '').resources).not.toContain('../network-policy');
  });
});
