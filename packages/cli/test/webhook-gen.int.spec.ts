// The manifests webhook-gen writes and the CRD crd-gen writes, on a control plane of this
// suite's own (the Gizmo kind of the core suite lives on the shared one): envtest points
// them at a local webhook server, an operator serves the same classes, and the API server
// then refuses, defaults and converts through exactly the paths the manifests name.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { type Operator } from '@operant/core';
import { ApiClient, ClientError } from '@operant/core/client';
import { createOperator } from '@operant/core/di';
import { ResourceRegistry } from '@operant/core/internal';
import { buildCrds } from '@operant/crd/schema';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import { stringify } from 'yaml';
import { convertibleKinds, withConversion } from '../src/webhook-gen/conversion.js';
import { buildWebhookConfigurations, renderWebhookConfigurations } from '../src/webhook-gen/manifests.js';
import { GizmoConversion, GizmoV1, GizmoV2, GizmoWebhook, GROUP, NOTE_ANNOTATION } from './fixtures/webhooks/api.js';

const dir = mkdtempSync(join(tmpdir(), 'webhook-gen-int-'));
const manifests = renderWebhookConfigurations(buildWebhookConfigurations([GizmoWebhook]));
writeFileSync(join(dir, 'manifests.yaml'), manifests);
const [crd] = buildCrds([GizmoV1, GizmoV2]).crds.map((c) => withConversion(c, convertibleKinds([GizmoConversion])));
writeFileSync(join(dir, 'crd.yaml'), stringify(crd));

const skip = ownControlPlaneSkipReason();
describeOrSkip(`webhook-gen manifests (live)`, skip, () => {
  const env = useControlPlane({
    crdDirectoryPaths: [join(dir, 'crd.yaml')],
    webhookInstallOptions: { paths: [join(dir, 'manifests.yaml')] },
  });
  let operator: Operator;
  let running: Promise<void>;
  let api: ApiClient;

  beforeAll(async () => {
    const registry = new ResourceRegistry();
    api = new ApiClient({ kubeConfig: env.kubeConfig(), registry });
    operator = await createOperator({
      manager: { kubeConfig: env.kubeConfig(), registry, webhookServer: env.webhooks?.serverOptions() },
      webhooks: [GizmoWebhook, GizmoConversion],
    });
    running = operator.start();
    await operator.manager.getWebhookServer().address(); // listening before the API server calls it
  }, 60_000);

  afterAll(async () => {
    await operator?.stop();
    await running?.catch(() => undefined);
  });

  it('the golden manifests are what the fixture classes generate', () => {
    const golden = new URL('./fixtures/webhooks/config/webhook/manifests.yaml', import.meta.url);
    expect(manifests).toBe(readFileSync(golden, 'utf8'));
  });

  it('the API server calls the validating, mutating and conversion paths the manifests and CRD name', async () => {
    const gizmo = (name: string, spec: object) => ({
      apiVersion: `${GROUP}/v2`,
      kind: 'Gizmo',
      metadata: { namespace: 'default', name },
      spec,
    });
    let refused: unknown;
    for (let i = 0; i < 100 && refused === undefined; i++) {
      // the admission plugin learns of new configurations through an informer
      refused = await api.create(gizmo(`inverted-${i}`, { min: 3, max: 1 })).then(
        () => new Promise((resolve) => setTimeout(() => resolve(undefined), 100)),
        (err: unknown) => err,
      );
    }
    expect(ClientError.is(refused)).toBe(true);
    expect((refused as Error).message).toContain(
      'admission webhook "vgizmo-v2.webhook.operant.test" denied the request',
    );
    expect((refused as Error).message).toContain('max must be greater than min');

    const created = (await api.create(gizmo('fine', { min: 1, max: 2 }))) as GizmoV2;
    expect(created.metadata?.labels).toEqual({ 'gizmo.webhook.operant.test/defaulted': 'true' });
    expect(created.spec.color).toBe('blue');

    await api.create({
      apiVersion: `${GROUP}/v1`,
      kind: 'Gizmo',
      metadata: { namespace: 'default', name: 'old' },
      spec: { min: 1, max: 2, legacyNote: 'n' },
    });
    const asV2 = await api.get(GizmoV2, { namespace: 'default', name: 'old' });
    expect(asV2.metadata?.annotations?.[NOTE_ANNOTATION]).toBe('n');
    expect((await api.get(GizmoV1, { namespace: 'default', name: 'old' })).spec.legacyNote).toBe('n');
  });
});
