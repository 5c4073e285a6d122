import { describe, expect, it } from '@jest/globals';
import { DefaultingWebhook, ValidatingWebhook } from '@operant/core';
import { resourceType } from '@operant/core/resources';
import { buildWebhookConfigurations } from './manifests.js';

const Pod = resourceType({ group: '', version: 'v1', kind: 'Pod', plural: 'pods', namespaced: true });
const Job = resourceType({ group: 'batch', version: 'v1', kind: 'Job', plural: 'jobs', namespaced: true });

@ValidatingWebhook(Job, { failurePolicy: 'Ignore', timeoutSeconds: 5 })
class JobGuard {
  validateCreate(): void {}
  validateDelete(): void {}
}

@DefaultingWebhook(Pod)
@ValidatingWebhook(Pod)
class PodDefaults {
  default(): void {}
}

describe('buildWebhookConfigurations', () => {
  it('adds DELETE for a validateDelete method, keeps the decorator options, sorts webhooks by name', () => {
    const [mutating, validating] = buildWebhookConfigurations([JobGuard, PodDefaults], { namespace: 'ops' });
    expect(mutating?.webhooks.map((w) => [w.name, w.clientConfig.service.path])).toEqual([
      ['mpod-v1.core.operant.dev', '/mutate--v1-pod'],
    ]);
    expect(validating?.webhooks).toEqual([
      expect.objectContaining({
        name: 'vjob-v1.batch.operant.dev',
        failurePolicy: 'Ignore',
        timeoutSeconds: 5,
        clientConfig: { service: { name: 'webhook-service', namespace: 'ops', path: '/validate-batch-v1-job' } },
        rules: [
          {
            apiGroups: ['batch'],
            apiVersions: ['v1'],
            operations: ['CREATE', 'UPDATE', 'DELETE'],
            resources: ['jobs'],
          },
        ],
      }),
      expect.objectContaining({ name: 'vpod-v1.core.operant.dev', failurePolicy: 'Fail' }),
    ]);
    expect(validating?.webhooks[1]).not.toHaveProperty('timeoutSeconds');
  });

  it('names a webhook as its decorator says (kubebuilder marker name=) and refuses two of one name', () => {
    @DefaultingWebhook(Job, { name: 'mjob-v1.kb.io' })
    @ValidatingWebhook(Job, { name: 'vjob-v1.kb.io' })
    class Named {
      default(): void {}
    }
    @ValidatingWebhook(Pod, { name: 'vjob-v1.kb.io' })
    class Clash {}
    const [mutating, validating] = buildWebhookConfigurations([Named]);
    expect(mutating?.webhooks.map((w) => w.name)).toEqual(['mjob-v1.kb.io']);
    expect(validating?.webhooks.map((w) => w.name)).toEqual(['vjob-v1.kb.io']);
    expect(() => buildWebhookConfigurations([Named, Clash])).toThrow(
      'two webhooks are named vjob-v1.kb.io; give one another name',
    );
  });

  it('writes only the configurations some class needs', () => {
    expect(buildWebhookConfigurations([JobGuard]).map((c) => c.kind)).toEqual(['ValidatingWebhookConfiguration']);
  });
});
