// The edits create webhook makes to config/default's kustomization and to the manifests
// script: each adds only what is missing, keeps comments, and names the file it cannot edit.
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { addWebhooksToDefault } from './default-kustomization.js';
import { addWebhooksToManifests, WEBHOOK_GEN } from './manifests-script.js';

const kustomization = `# Deploys the operator.
namespace: x-system
resources:
  - ../crd
  # metrics
  - metrics_service.yaml
patches:
  - path: manager_metrics_patch.yaml
    target:
      kind: Deployment
`;

describe('addWebhooksToDefault', () => {
  it('adds the resources, the patch and one replacement per CA target, once, keeping comments', () => {
    const once = addWebhooksToDefault(kustomization, { mutating: true, validating: false });
    const twice = addWebhooksToDefault(once, { mutating: true, validating: true, conversionCrd: 'xs.g.example.com' });
    expect(twice).toContain('# Deploys the operator.\n');
    expect(twice).toContain('  # metrics\n');
    const parsed = parse(twice);
    expect(parsed.resources).toEqual(['../crd', 'metrics_service.yaml', '../webhook', '../certmanager']);
    expect(parsed.patches.map((p: { path: string }) => p.path)).toEqual([
      'manager_metrics_patch.yaml',
      'manager_webhook_patch.yaml',
    ]);
    const selects = parsed.replacements.map((r: { targets: { select: object }[] }) => r.targets[0]?.select);
    expect(selects).toEqual([
      expect.objectContaining({ kind: 'Certificate', name: 'serving-cert' }),
      expect.objectContaining({ kind: 'Certificate', name: 'serving-cert' }),
      { kind: 'MutatingWebhookConfiguration' },
      { kind: 'MutatingWebhookConfiguration' },
      { kind: 'ValidatingWebhookConfiguration' },
      { kind: 'ValidatingWebhookConfiguration' },
      { kind: 'CustomResourceDefinition', name: 'xs.g.example.com' },
      { kind: 'CustomResourceDefinition', name: 'xs.g.example.com' },
    ]);
    expect(addWebhooksToDefault(twice, { mutating: true, validating: true })).toBe(twice);
  });

  it('refuses a kustomization whose resources are not a list', () => {
    expect(() => addWebhooksToDefault('resources: ../crd\n', { mutating: true, validating: false })).toThrow(
      'unable to add the webhooks to config/default/kustomization.yaml: its "resources" is not a list',
    );
  });
});

describe('addWebhooksToManifests', () => {
  const pkg = JSON.stringify({
    name: 'x',
    scripts: { manifests: 'operant crd-gen src/api --out config/crd/bases && operant rbac-gen src/controllers' },
  });

  it('appends webhook-gen for admission webhooks and gives crd-gen src/webhooks for conversion, once', () => {
    const admission = addWebhooksToManifests(pkg, { admission: true, conversion: false });
    const both = addWebhooksToManifests(admission, { admission: true, conversion: true });
    expect(JSON.parse(both).scripts.manifests).toBe(
      `operant crd-gen src/api src/webhooks --out config/crd/bases && operant rbac-gen src/controllers && ${WEBHOOK_GEN}`,
    );
    expect(addWebhooksToManifests(both, { admission: true, conversion: true })).toBe(both);
  });

  it('refuses a package.json without a manifests script', () => {
    expect(() => addWebhooksToManifests('{"scripts":{}}', { admission: true, conversion: false })).toThrow(
      'unable to add webhook-gen to package.json: it has no "manifests" script',
    );
  });
});
