/**
 * Malformed and hostile RedisClusters, each sent through the API server (the CRD's schema,
 * generated from the same classes), straight to `validate()` from @operant/crd, and as an
 * AdmissionReview v1 CREATE to a validating webhook for RedisCluster (registered here, in the
 * test, with `webhookManagedBy`) on the operator's real WebhookServer over HTTPS: each is
 * rejected with an error naming the field, and the operator and its webhook server keep
 * running (also after a deeply nested, an oversized and a non-JSON body; past validate()'s
 * depth bound the webhook denies 422 naming the field and the limit).
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { type Operator } from '@operant/core';
import { webhookManagedBy } from '@operant/core/builder';
import { ApiClient, type ClientError } from '@operant/core/client';
import * as webhook from '@operant/core/webhook';
import { MAX_DEPTH, validate } from '@operant/crd/schema';
import { WebhookInstall } from '@operant/testing';
import { describeOrSkip, useControlPlane } from '@operant/testing/jest';
import { RedisCluster } from '../../src/index.js';
import { startOperator } from '../fixtures/operator.js';
import { report } from './fixtures/figures.js';
import { Fleet } from './fixtures/fleet.js';
import { postJson } from './fixtures/https-post.js';
import { faultControlPlane, NO_RESYNC } from './fixtures/scenario.js';

const { options, skip } = faultControlPlane({ controllerManager: false });
const ns = 'bad-input';

const nested = (depth: number): unknown => (depth === 0 ? 'redis:7.4' : { a: nested(depth - 1) });

interface Case {
  name: string;
  /** Fields merged over a valid cluster (`metadata` and `spec` replace the valid ones when given). */
  metadata?: Record<string, unknown>;
  spec: unknown;
  /** The field both the API server and validate() must name. */
  field: string;
  /** validate() checks the object's own fields, not metadata: false where only the API server can tell. */
  validates?: boolean;
}

const valid = { size: 1, image: 'redis:7.4' };
const MAX_BODY = 1024 * 1024;
const path = webhook.validatePath({ group: 'cache.example.com', version: 'v1', kind: 'RedisCluster' });

interface Review {
  response: {
    uid: string;
    allowed: boolean;
    status?: { code: number; message: string; details?: { causes?: { field: string }[] } };
  };
}

/** An AdmissionReview v1 CREATE of `object`, as the API server would send it. */
function review(uid: string, object: { metadata: { name: string; namespace: string } }) {
  return JSON.stringify({
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid,
      kind: { group: 'cache.example.com', version: 'v1', kind: 'RedisCluster' },
      resource: { group: 'cache.example.com', version: 'v1', resource: 'redisclusters' },
      name: object.metadata.name,
      namespace: object.metadata.namespace,
      operation: 'CREATE',
      userInfo: { username: 'bad-input' },
      object,
    },
  });
}
const cases: Case[] = [
  { name: 'wrong type (string for integer)', spec: { ...valid, size: 'three' }, field: 'spec.size' },
  { name: 'wrong type (object for string)', spec: { ...valid, image: { name: 'redis' } }, field: 'spec.image' },
  { name: 'out of range', spec: { ...valid, size: 11 }, field: 'spec.size' },
  {
    name: 'huge string (100 kB)',
    spec: { ...valid, passwordSecret: 'a'.repeat(100_000) },
    field: 'spec.passwordSecret',
  },
  {
    name: 'huge array (100k items) for an integer',
    spec: { ...valid, size: Array(100_000).fill(1) },
    field: 'spec.size',
  },
  { name: 'deep nesting (200 levels)', spec: { ...valid, image: nested(200) }, field: 'spec.image' },
  { name: 'invalid characters', spec: { ...valid, passwordSecret: 'Not_A/Name' }, field: 'spec.passwordSecret' },
  { name: 'missing required field', spec: { size: 1 }, field: 'spec.image' },
  { name: 'null where an object is expected', spec: null, field: 'spec' },
  { name: 'array where an object is expected', spec: [valid], field: 'spec' },
  {
    name: 'invalid label value',
    metadata: { labels: { tier: 'not a valid value!' } },
    spec: valid,
    field: 'metadata.labels',
    validates: false,
  },
];

describeOrSkip(`fault: bad input`, skip, () => {
  const env = useControlPlane(options);
  let api: ApiClient;
  let app: Operator;
  let running: Promise<void>;
  let stopped = false;
  // only the CA and the serving pair: the webhook is called directly, not by the API server
  const certs = new WebhookInstall();
  let port: number;
  const send = async (uid: string, object: Parameters<typeof review>[1]) => {
    const res = await postJson(port, certs.caPem, path, review(uid, object));
    expect(res.status).toBe(200);
    const { response } = JSON.parse(res.body) as Review;
    expect(response.uid).toBe(uid);
    return response;
  };

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: env.kubeConfig() });
    await certs.setup();
    await new Fleet(api, { namespace: ns, registryNamespace: 'bad-input-registry' }).setUp();
    ({ app, running } = await startOperator(
      env,
      { resyncPeriodMs: NO_RESYNC, registryNamespace: 'bad-input-registry' },
      { webhookServer: { ...certs.serverOptions(), maxBodyBytes: MAX_BODY } },
    ));
    running.finally(() => {
      stopped = true;
    });
    // a validating webhook with no rules of its own: the handler runs validate(object, RedisCluster)
    webhookManagedBy(app.manager).for(RedisCluster).withValidator({}).complete();
    ({ port } = await app.manager.getWebhookServer().address());
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await running;
    await certs.cleanup();
  }, 60_000);

  const rows: string[] = [];

  it.each(cases)('rejects $name, naming $field', async ({ name, metadata, spec, field, validates }) => {
    const body = {
      apiVersion: 'cache.example.com/v1',
      kind: 'RedisCluster',
      metadata: { namespace: ns, name: `bad-${rows.length}`, ...metadata },
      spec,
    };
    const err = (await api.create(body).then(
      () => undefined,
      (e: unknown) => e,
    )) as ClientError | undefined;
    expect(err).toBeDefined();
    expect(err?.code).toBe(422);
    expect(err?.message).toContain(field);
    const issues = await validate(body, RedisCluster);
    if (validates !== false)
      expect(issues.map((i) => i.path).some((p) => p === field || p.startsWith(`${field}.`))).toBe(true);
    const response = await send(`uid-${rows.length}`, body);
    const causes = response.status?.details?.causes?.map((c) => c.field) ?? [];
    if (validates === false) {
      // validate() reads the class's own fields, not metadata: the webhook admits, the API server refuses
      expect(response.allowed).toBe(true);
    } else {
      expect(response.allowed).toBe(false);
      expect(response.status?.code).toBe(422);
      expect(response.status?.message).toContain(field);
      expect(causes).toEqual(issues.map((i) => i.path));
    }
    rows.push(
      `${name} | 422 ${field} | ${validates === false ? 'n/a (metadata)' : issues.map((i) => i.path).join(', ')} | ${
        response.allowed ? 'allowed' : `denied 422 ${causes.join(', ')}`
      }`,
    );
  });

  it('reports unknown fields: pruned by the API server, named by validate() with forbidNonWhitelisted', async () => {
    const body = {
      apiVersion: 'cache.example.com/v1',
      kind: 'RedisCluster',
      metadata: { namespace: ns, name: 'unknown-field' },
      spec: { ...valid, bogus: 'x' },
    };
    const created = await api.create(body as unknown as RedisCluster);
    expect(created.spec).not.toHaveProperty('bogus');
    const issues = await validate(body, RedisCluster, { validator: { whitelist: true, forbidNonWhitelisted: true } });
    expect(issues.map((i) => i.path)).toContain('spec.bogus');
    // the webhook runs validate() with its defaults (no forbidNonWhitelisted): it admits, and the API server prunes
    const response = await send('uid-unknown', body);
    expect(response.allowed).toBe(true);
    rows.push(`unknown field | pruned (not stored) | ${issues.map((i) => i.path).join(', ')} | allowed`);
  });

  const hostile: string[] = [];

  /** A CREATE review whose spec.image is nested `depth` levels deep, written as text (an object would overflow the test's own stack). */
  const deepReview = (depth: number) =>
    review(`uid-deep-${depth}`, {
      apiVersion: 'cache.example.com/v1',
      kind: 'RedisCluster',
      metadata: { namespace: ns, name: `deep-${depth}` },
      spec: { ...valid, image: 'DEEP' },
    } as Parameters<typeof review>[1]).replace('"DEEP"', `${'{"a":'.repeat(depth)}"redis:7.4"${'}'.repeat(depth)}`);

  it('denies deeply nested objects (1,000 and 10,000 levels) and keeps serving', async () => {
    const results = [];
    for (const depth of [1_000, 10_000]) {
      const res = await postJson(port, certs.caPem, path, deepReview(depth));
      expect(res.status).toBe(200);
      const { response } = JSON.parse(res.body) as Review;
      expect(response.uid).toBe(`uid-deep-${depth}`);
      expect(response.allowed).toBe(false);
      results.push({ depth, code: response.status?.code, message: response.status?.message ?? '' });
    }
    // both are past validate()'s depth bound (the object is level 1, spec.image's first object level 3):
    // an issue, not a stack overflow — a 422 denial naming the field and the limit
    for (const { code, message } of results) {
      expect(code).toBe(422);
      expect(message).toContain(`spec.image: must not be nested more than ${MAX_DEPTH} levels deep`);
    }
    hostile.push(...results.map((r) => `nested ${r.depth} levels: 200, denied ${r.code} (${r.message.slice(0, 90)})`));
  });

  it('refuses a body over the limit with 413 and one that is not JSON with 400', async () => {
    const huge = await postJson(port, certs.caPem, path, Buffer.alloc(2 * MAX_BODY, 'a'));
    expect(huge.status).toBe(413);
    const garbage = await postJson(port, certs.caPem, path, '{"apiVersion": "admission.k8s.io/v1", kind: nope');
    expect(garbage.status).toBe(400);
    expect(garbage.body).toContain('JSON');
    hostile.push(`2 MiB body: ${huge.status}`, `non-JSON body: ${garbage.status}`);
  });

  it('keeps the webhook server admitting valid objects and ready', async () => {
    const response = await send('uid-valid', {
      apiVersion: 'cache.example.com/v1',
      kind: 'RedisCluster',
      metadata: { namespace: ns, name: 'valid' },
      spec: valid,
    } as Parameters<typeof review>[1]);
    expect(response.allowed).toBe(true);
    const ready = await app.manager.readyz.respond('webhook', new URLSearchParams());
    expect(ready.status).toBe(200);
    process.stderr.write(`[faults] webhook, hostile bodies: ${hostile.join('; ')}; then valid admitted, readyz 200\n`);
  });

  it('keeps the operator running and reconciling', async () => {
    const fleet = new Fleet(api, { namespace: ns, registryNamespace: 'bad-input-registry', prefix: 'good' });
    await fleet.burst({ creates: 3 });
    fleet.ledger.set('unknown-field', valid);
    const { ms, lost } = await fleet.waitConverged();
    expect(stopped).toBe(false);
    process.stderr.write(
      `[faults] bad input table (case | API server | validate() | webhook):\n  ${rows.join('\n  ')}\n`,
    );
    report('bad input', {
      cases: rows.length,
      rejectedNamingField: rows.length - 1,
      webhookDeniedNamingField: rows.filter((r) => r.includes('| denied 422')).length,
      operatorRunning: !stopped,
      convergeMs: ms,
      lost,
    });
  });
});
