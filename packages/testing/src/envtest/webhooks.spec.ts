import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import { WebhookInstall } from './webhooks.js';

const crd = (strategy?: 'None' | 'Webhook') =>
  ({
    metadata: { name: 'gizmos.example.com' },
    spec: {
      group: 'example.com',
      names: { kind: 'Gizmo', plural: 'gizmos' },
      scope: 'Namespaced',
      versions: [],
      ...(strategy === undefined
        ? {}
        : {
            conversion: {
              strategy,
              webhook: {
                conversionReviewVersions: ['v1'],
                clientConfig: { service: { name: 's', namespace: 'n', path: '/convert' } },
              },
            },
          }),
    },
  }) as unknown as V1CustomResourceDefinition;

describe('WebhookInstall (no cluster)', () => {
  const install = new WebhookInstall({ localServingPort: 45_678 });
  beforeAll(() => install.setup());
  afterAll(() => install.cleanup());

  it('writes a serving pair for the loopback address, signed by its CA', async () => {
    const cert = new X509Certificate(await readFile(join(install.certDir, 'tls.crt')));
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.checkIssued(new X509Certificate(install.caPem))).toBe(true);
    expect(await readFile(join(install.certDir, 'tls.key'), 'utf8')).toContain('PRIVATE KEY');
    expect(install.serverOptions()).toEqual({ host: '127.0.0.1', port: 45_678, certDir: install.certDir });
  });

  it('points conversion webhooks at <url>/convert with the CA, and leaves other CRDs alone', () => {
    const plain = crd();
    const none = crd('None');
    const [a, b, c] = install.modifyConversionWebhooks([plain, none, crd('Webhook')]);
    expect(a).toBe(plain);
    expect(b).toBe(none);
    expect(c?.spec.conversion).toEqual({
      strategy: 'Webhook',
      webhook: {
        conversionReviewVersions: ['v1'],
        clientConfig: {
          url: 'https://127.0.0.1:45678/convert',
          caBundle: Buffer.from(install.caPem).toString('base64'),
        },
      },
    });
  });

  it('issues a new serving certificate on rotation, from the same CA', async () => {
    const before = await readFile(join(install.certDir, 'tls.crt'), 'utf8');
    const rotated = await install.rotateCertificate();
    const after = await readFile(join(install.certDir, 'tls.crt'), 'utf8');
    expect(after).toBe(rotated.certPem);
    expect(after).not.toBe(before);
    expect(new X509Certificate(after).checkIssued(new X509Certificate(install.caPem))).toBe(true);
  });
});
