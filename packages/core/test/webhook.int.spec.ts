/**
 * Webhooks on the real control plane, with the API server calling the webhook server:
 * a cross-field class-validator rule refuses an object the schema allows; defaulting shows
 * in the stored object; v1 ↔ v2 conversion round-trips fields only one version has; a
 * validator that throws or hangs yields a clear admission error while the server keeps
 * serving; the serving certificate is replaced on disk and picked up without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { V1CustomResourceDefinition } from '@kubernetes/client-node';
import { buildCrd } from '@operant/crd/schema';
import { installCrds, WebhookInstall } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { ClientError } from '../src/api/status-error.js';
import { ApiClient } from '../src/client/api-client.js';
import { createOperator, type Operator } from '../src/di/create-operator.js';
import { ResourceRegistry } from '../src/resources/registry.js';
import { mutatePath, validatePath, webhookName } from '../src/webhook/paths.js';
import {
  GizmoConversion,
  type GizmoV1,
  GizmoV1 as GizmoV1Class,
  GizmoV2,
  GizmoWebhook,
  GROUP,
  NOTE_ANNOTATION,
  REPLICAS_ANNOTATION,
} from './fixtures/gizmo.js';
import { eventually, newNamespace } from './fixtures/helpers.js';
import { createThroughApiServer, post, postPlain, presentedCertificate } from './fixtures/tls.js';

const gvk = { group: GROUP, version: 'v2', kind: 'Gizmo' };
const rules = [{ apiGroups: [GROUP], apiVersions: ['v2'], operations: ['CREATE', 'UPDATE'], resources: ['gizmos'] }];
const common = {
  sideEffects: 'None',
  admissionReviewVersions: ['v1'],
  failurePolicy: 'Fail',
  timeoutSeconds: 10,
  rules,
};
const suffix = Math.random().toString(36).slice(2, 8);

const webhooks = new WebhookInstall({
  validatingWebhooks: [
    {
      metadata: { name: `gizmo-validating-${suffix}` },
      webhooks: [
        {
          name: webhookName('validating', gvk),
          clientConfig: { service: { name: 'webhook-service', namespace: 'system', path: validatePath(gvk) } },
          ...common,
        },
      ],
    },
  ],
  mutatingWebhooks: [
    {
      metadata: { name: `gizmo-mutating-${suffix}` },
      webhooks: [
        {
          name: webhookName('mutating', gvk),
          clientConfig: { service: { name: 'webhook-service', namespace: 'system', path: mutatePath(gvk) } },
          reinvocationPolicy: 'Never',
          ...common,
        },
      ],
    },
  ],
});

const gizmo = (namespace: string, name: string, spec: Partial<GizmoV2['spec']>): GizmoV2 => ({
  apiVersion: `${GROUP}/v2`,
  kind: 'Gizmo',
  metadata: { namespace, name },
  spec: { min: 1, max: 2, ...spec },
});

async function createError(api: ApiClient, obj: GizmoV2 | GizmoV1): Promise<ClientError> {
  const created = await api.create(obj).then(
    () => undefined,
    (err: unknown) => err,
  );
  if (created === undefined) throw new Error(`${obj.metadata?.name} was admitted`);
  if (!ClientError.is(created)) throw created;
  return created;
}

describeWithControlPlane('webhooks on the real control plane', () => {
  let api: ApiClient;
  let operator: Operator;
  let running: Promise<void>;
  let namespace: string;
  const crd = buildCrd(GizmoV1Class, GizmoV2);

  beforeAll(async () => {
    const kubeConfig = sharedKubeConfig();
    const registry = new ResourceRegistry();
    api = new ApiClient({ kubeConfig, registry });
    await webhooks.setup();
    const withConversion = {
      ...crd,
      spec: { ...crd.spec, conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'] } } },
    };
    await installCrds(kubeConfig, {
      objects: [withConversion as unknown as V1CustomResourceDefinition],
      modify: (crds) => webhooks.modifyConversionWebhooks(crds),
    });
    operator = await createOperator({
      manager: {
        kubeConfig,
        registry,
        webhookServer: {
          ...webhooks.serverOptions(),
          handlerTimeoutMs: 1_500,
          certPollIntervalMs: 200,
          maxBodyBytes: 64 * 1024,
        },
      },
      webhooks: [GizmoWebhook, GizmoConversion],
    });
    running = operator.start();
    await eventually(async () => {
      const ready = await operator.manager.readyz.respond('webhook', new URLSearchParams());
      if (ready.status !== 200) throw new Error(ready.body);
    });
    await webhooks.install(kubeConfig);
    namespace = await newNamespace(operator.manager.client, 'webhooks');
    // the API server's admission plugin learns of new configurations through an informer
    await eventually(async () => {
      const err = await createError(api, gizmo(namespace, `probe-${Date.now()}`, { min: 5, max: 1 })).catch(
        async (e: Error) => {
          await api.deleteAllOf(GizmoV2, { namespace }).catch(() => undefined);
          throw e;
        },
      );
      expect(err.message).toContain('denied the request');
    });
  }, 120_000);

  afterAll(async () => {
    await operator?.stop();
    await running?.catch(() => undefined);
    const kubeConfig = sharedKubeConfig();
    await webhooks.cleanup(kubeConfig);
    await new ApiClient({ kubeConfig })
      .delete({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: crd.metadata.name },
      })
      .catch(() => undefined);
  }, 60_000);

  describe('validation', () => {
    it('rejects an object the schema allows but a cross-field rule forbids, with the rule message and field path', async () => {
      const err = await createError(api, gizmo(namespace, 'inverted', { min: 5, max: 3 }));
      expect(err.message).toContain(`admission webhook "${webhookName('validating', gvk)}" denied the request`);
      expect(err.message).toContain('max must be greater than min');
      expect(err.causes).toEqual([
        expect.objectContaining({ field: 'spec.max', message: 'max must be greater than min' }),
      ]);
      expect(err.code).toBe(422);
      // as Go's apierrors.NewInvalid: the kind and name reach the client, so kubectl prints
      // `The Gizmo "inverted" is invalid: spec.max: max must be greater than min`
      expect(err.message).toContain(`Gizmo.${GROUP} "inverted" is invalid: spec.max: max must be greater than min`);
      expect(err.status?.reason).toBe('Invalid');
      expect(err.status?.details).toMatchObject({ name: 'inverted', group: GROUP, kind: 'Gizmo' });
    });

    it('admits a valid object', async () => {
      const created = await api.create(gizmo(namespace, 'valid', { min: 1, max: 10 }));
      expect(created.spec.max).toBe(10);
    });

    it("passes the validator's warnings to the client", async () => {
      const res = await createThroughApiServer(
        sharedKubeConfig(),
        `/apis/${GROUP}/v2/namespaces/${namespace}/gizmos`,
        gizmo(namespace, 'pink', { color: 'pink' }),
      );
      expect(res.status).toBe(201);
      expect(res.warnings).toEqual(['299 - "spec.color: pink is deprecated"']);
    });

    it("refuses with the validator's own message", async () => {
      const err = await createError(api, gizmo(namespace, 'painted', { color: 'forbidden' }));
      expect(err.message).toContain('spec.color: the color "forbidden" is not allowed');
      expect(err.code).toBe(403);
    });
  });

  describe('defaulting', () => {
    it('fills fields, and the stored object shows them', async () => {
      await api.create(gizmo(namespace, 'plain', {}));
      const stored = await api.get(GizmoV2, { namespace, name: 'plain' });
      expect(stored.spec.color).toBe('blue');
      expect(stored.metadata?.labels).toEqual({ 'gizmo.webhook.operant.test/defaulted': 'true' });
    });
  });

  describe('conversion', () => {
    it('round-trips a v1 object through v2 and back without losing fields only one version has', async () => {
      const v1: GizmoV1 = {
        apiVersion: `${GROUP}/v1`,
        kind: 'Gizmo',
        metadata: { namespace, name: 'travel' },
        spec: { min: 1, max: 4, color: 'red', legacyNote: 'keep me' },
      };
      await api.create(v1);

      const asV2 = await api.get(GizmoV2, { namespace, name: 'travel' });
      expect(asV2.apiVersion).toBe(`${GROUP}/v2`);
      expect(asV2.spec).toEqual({ min: 1, max: 4, color: 'red' });
      expect(asV2.metadata?.annotations?.[NOTE_ANNOTATION]).toBe('keep me');

      asV2.spec.replicas = 3;
      await api.update(asV2);

      const backToV1 = await api.get(GizmoV1Class, { namespace, name: 'travel' });
      expect(backToV1.spec).toEqual({ min: 1, max: 4, color: 'red', legacyNote: 'keep me' });
      expect(backToV1.metadata?.annotations).toEqual({ [REPLICAS_ANNOTATION]: '3' });

      backToV1.spec.color = 'green';
      await api.update(backToV1);

      const again = await api.get(GizmoV2, { namespace, name: 'travel' });
      expect(again.spec).toEqual({ min: 1, max: 4, color: 'green', replicas: 3 });
      expect(again.metadata?.annotations).toEqual({ [NOTE_ANNOTATION]: 'keep me' });
      const list = await api.list(GizmoV1Class, { namespace });
      expect(list.items.find((g) => g.metadata?.name === 'travel')?.spec.legacyNote).toBe('keep me');
    });
  });

  describe('failures of the handler', () => {
    it('turns a throwing validator into a clear admission error, and keeps serving', async () => {
      const err = await createError(api, gizmo(namespace, 'boom-1', {}));
      expect(err.message).toContain(
        `unable to validate Gizmo ${namespace}/boom-1: the webhook failed: cannot read properties of undefined`,
      );
      expect(err.code).toBe(500);
      await expect(api.create(gizmo(namespace, 'after-boom', {}))).resolves.toBeDefined();
    });

    it('turns a validator that runs past its deadline into a clear admission error, and keeps serving', async () => {
      const err = await createError(api, gizmo(namespace, 'slow-1', {}));
      expect(err.message).toContain(
        `unable to validate Gizmo ${namespace}/slow-1: the webhook handler did not answer within 1500 ms`,
      );
      expect(err.code).toBe(504);
      await expect(api.create(gizmo(namespace, 'after-slow', {}))).resolves.toBeDefined();
    });
  });

  describe('requests that do not come from the API server', () => {
    it('answers 400 to malformed bodies, 413 to oversized ones, refuses plain HTTP, and keeps serving the API server', async () => {
      const { port } = webhooks.serverOptions();
      const path = validatePath(gvk);
      const notJson = await post(port, webhooks.caPem, path, '{"apiVersion":');
      expect(notJson).toMatchObject({
        status: 400,
        body: expect.stringContaining('unable to parse the request body as JSON'),
      });
      const noRequest = await post(
        port,
        webhooks.caPem,
        path,
        JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' }),
      );
      expect(noRequest).toMatchObject({
        status: 400,
        body: expect.stringContaining('unable to decode the AdmissionReview: it has no request'),
      });
      const badConversion = await post(port, webhooks.caPem, '/convert', JSON.stringify({ kind: 'ConversionReview' }));
      expect(badConversion.status).toBe(400);
      const oversized = JSON.stringify({
        apiVersion: 'admission.k8s.io/v1',
        kind: 'AdmissionReview',
        pad: 'x'.repeat(100 * 1024),
      });
      expect((await post(port, webhooks.caPem, path, oversized)).status).toBe(413);
      await expect(postPlain(port, path, '{}')).rejects.toThrow(/socket hang up|ECONNRESET/);

      const err = await createError(api, gizmo(namespace, 'after-garbage', { min: 2, max: 2 }));
      expect(err.message).toContain('max must be greater than min');
    });
  });

  describe('certificates', () => {
    it('serves a certificate replaced on disk without a restart, and the API server keeps calling', async () => {
      const { port } = webhooks.serverOptions();
      const before = await presentedCertificate(port, webhooks.caPem);
      const rotated = await webhooks.rotateCertificate();
      await eventually(async () => {
        const now = await presentedCertificate(port, webhooks.caPem);
        expect(now.fingerprint256).not.toBe(before.fingerprint256);
      });
      const now = await presentedCertificate(port, webhooks.caPem);
      expect(now.pem.replace(/\s/g, '')).toBe(rotated.certPem.replace(/\s/g, ''));
      const err = await createError(api, gizmo(namespace, 'after-rotation', { min: 9, max: 1 }));
      expect(err.message).toContain('max must be greater than min');
      await expect(api.create(gizmo(namespace, 'after-rotation', {}))).resolves.toBeDefined();
    });
  });
});
