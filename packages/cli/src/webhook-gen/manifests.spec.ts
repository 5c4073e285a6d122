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

  it('writes only the configurations some class needs', () => {
    expect(buildWebhookConfigurations([JobGuard]).map((c) => c.kind)).toEqual(['ValidatingWebhookConfiguration']);
  });
});
