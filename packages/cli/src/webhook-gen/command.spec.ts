// Runs the built `operant` binary (dist/, built by `pnpm test:unit`'s tsc -b) on the
// webhook fixture project, as a user runs it: golden manifests, --check drift, and the
// CRD conversion stanza crd-gen adds for a kind with a @Conversion class.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { operant } from '../../test/fixtures/operant-bin.js';

const fixture = fileURLToPath(new URL('../../test/fixtures/webhooks/api.ts', import.meta.url));
const golden = fileURLToPath(new URL('../../test/fixtures/webhooks/config/webhook/manifests.yaml', import.meta.url));
const noWebhooks = fileURLToPath(new URL('../../test/fixtures/project/api.ts', import.meta.url));

describe('operant webhook-gen', () => {
  let out: string;
  beforeEach(async () => {
    out = await mkdtemp(join(tmpdir(), 'webhook-gen-'));
  });
  afterEach(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it('writes the Mutating- and ValidatingWebhookConfiguration identical to the golden file, and --check passes then catches drift', async () => {
    const file = join(out, 'manifests.yaml');
    expect(await operant('webhook-gen', fixture, '--out', file)).toMatchObject({ code: 0, stdout: `wrote ${file}\n` });
    expect(await readFile(file, 'utf8')).toBe(await readFile(golden, 'utf8'));
    expect((await operant('webhook-gen', fixture, '--out', file, '--check')).code).toBe(0);
    await writeFile(file, (await readFile(file, 'utf8')).replace('failurePolicy: Fail', 'failurePolicy: Ignore'));
    const drift = await operant('webhook-gen', fixture, '--out', file, '--check');
    expect(drift.code).toBe(1);
    expect(drift.stdout).toContain('-    failurePolicy: Ignore\n+    failurePolicy: Fail\n');
  });

  it('names service and namespace as told, and refuses entries without webhooks', async () => {
    const file = join(out, 'manifests.yaml');
    await operant(
      'webhook-gen',
      fixture,
      '--out',
      file,
      '--service-name',
      'gizmo-webhooks',
      '--service-namespace',
      'ops',
    );
    const [mutating] = (await readFile(file, 'utf8'))
      .split('---\n')
      .slice(1)
      .map((doc) => parse(doc));
    expect(mutating.webhooks[0].clientConfig.service).toEqual({
      name: 'gizmo-webhooks',
      namespace: 'ops',
      path: '/mutate-webhook-operant-test-v2-gizmo',
    });
    const none = await operant('webhook-gen', noWebhooks, '--out', file);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no exported @ValidatingWebhook or @DefaultingWebhook class');
  });

  it('crd-gen adds the conversion webhook stanza to a kind with a @Conversion class', async () => {
    expect((await operant('crd-gen', fixture, '--out', out)).code).toBe(0);
    const crd = parse(await readFile(join(out, 'webhook.operant.test_gizmos.yaml'), 'utf8'));
    expect(crd.spec.conversion).toEqual({
      strategy: 'Webhook',
      webhook: {
        clientConfig: { service: { name: 'webhook-service', namespace: 'system', path: '/convert' } },
        conversionReviewVersions: ['v1'],
      },
    });
    expect(crd.spec.versions.map((v: { name: string; storage: boolean }) => [v.name, v.storage])).toEqual([
      ['v2', true],
      ['v1', false],
    ]);
  });
});
