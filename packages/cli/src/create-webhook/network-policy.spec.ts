import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { kustomizeNetworkPolicy } from '../init/templates/kustomize-network-policy.js';
import { allowWebhookTraffic, NETWORK_POLICY_KUSTOMIZATION } from './network-policy.js';

describe('allowWebhookTraffic', () => {
  const context = { domain: 'example.com', name: 'demo', owner: undefined, operant: {} as never, overrides: false };
  const scaffolded = kustomizeNetworkPolicy(context).find((f) => f.path === NETWORK_POLICY_KUSTOMIZATION);

  it("lists the webhook policy of init's network-policy component, once", () => {
    const text = scaffolded?.content as string;
    expect(parse(text).resources).toEqual(['allow-metrics-traffic.yaml']);
    const edited = allowWebhookTraffic(text);
    expect(parse(edited).resources).toEqual(['allow-metrics-traffic.yaml', 'allow-webhook-traffic.yaml']);
    expect(allowWebhookTraffic(edited)).toBe(edited);
  });

  it('leaves a file without the line as it is', () => {
    expect(allowWebhookTraffic('resources:\n  - mine.yaml\n')).toBe('resources:\n  - mine.yaml\n');
  });
});
