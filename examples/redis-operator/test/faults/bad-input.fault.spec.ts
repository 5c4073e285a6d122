/**
 * Malformed and hostile RedisClusters, each sent through the API server (the CRD's schema,
 * generated from the same classes) and straight to `validate()` from @operant/crd: each is
 * rejected with an error naming the field, and the operator keeps running and reconciling.
 * (The webhook column waits for the webhook server, on another branch today.)
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, type ClientError, type Operator } from '@operant/core';
import { validate } from '@operant/crd';
import { useControlPlane } from '@operant/testing/jest';
import { RedisCluster } from '../../src/index.js';
import { startOperator } from '../fixtures/operator.js';
import { report } from './fixtures/figures.js';
import { Fleet } from './fixtures/fleet.js';
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

(skip === undefined ? describe : describe.skip)(`fault: bad input${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const env = useControlPlane(options);
  let api: ApiClient;
  let app: Operator;
  let running: Promise<void>;
  let stopped = false;

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: env.kubeConfig() });
    await new Fleet(api, { namespace: ns, registryNamespace: 'bad-input-registry' }).setUp();
    ({ app, running } = await startOperator(env, {
      resyncPeriodMs: NO_RESYNC,
      registryNamespace: 'bad-input-registry',
    }));
    running.finally(() => {
      stopped = true;
    });
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await running;
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
    rows.push(
      `${name} | 422 ${field} | ${validates === false ? 'n/a (metadata)' : issues.map((i) => i.path).join(', ')}`,
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
    rows.push(`unknown field | pruned (not stored) | ${issues.map((i) => i.path).join(', ')}`);
  });

  it('keeps the operator running and reconciling', async () => {
    const fleet = new Fleet(api, { namespace: ns, registryNamespace: 'bad-input-registry', prefix: 'good' });
    await fleet.burst({ creates: 3 });
    fleet.ledger.set('unknown-field', valid);
    const { ms, lost } = await fleet.waitConverged();
    expect(stopped).toBe(false);
    process.stderr.write(`[faults] bad input table (case | API server | validate()):\n  ${rows.join('\n  ')}\n`);
    report('bad input', {
      cases: rows.length,
      rejectedNamingField: rows.length - 1,
      operatorRunning: !stopped,
      convergeMs: ms,
      lost,
    });
  });
});
