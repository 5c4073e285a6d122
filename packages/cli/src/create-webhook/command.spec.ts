// operant create webhook in-process on a fresh init + create api: the files, the
// registrations (module, manifests script, config/default), PROJECT, conversion with a
// spoke, and the refusals (no such kind, no flag, webhooks the kind has, a missing spoke).
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { parse } from 'yaml';
import { createApi } from '../create-api/command.js';
import { init } from '../init/command.js';
import type { CommandIo } from '../io.js';
import { createProgram } from '../program.js';
import { createWebhook } from './command.js';

const quiet: CommandIo = { stdout: () => undefined, stderr: () => undefined };
const redis = { group: 'cache', version: 'v1', kind: 'RedisCluster' };

describe('operant create webhook', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operant-create-webhook-'));
    await init({ domain: 'example.com', name: 'redis-operator', repoDir: dir }, quiet);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const read = (path: string) => readFile(join(dir, path), 'utf8');

  it('refuses a kind the project does not have, pointing at create api, and writes nothing', async () => {
    const before = await read('src/app.module.ts');
    await expect(createWebhook({ ...redis, defaulting: true, repoDir: dir }, quiet)).rejects.toThrow(
      'unable to create a webhook for cache.example.com/v1 RedisCluster: the project has no such kind; run operant create api --group cache --version v1 --kind RedisCluster first',
    );
    expect(await read('src/app.module.ts')).toBe(before);
    await expect(stat(join(dir, 'config/webhook'))).rejects.toThrow();
  });

  it('writes the webhook, its specs and config/webhook, and registers them', async () => {
    await createApi({ ...redis, repoDir: dir }, quiet);
    const paths = await createWebhook(
      { ...redis, defaulting: true, programmaticValidation: true, repoDir: dir },
      quiet,
    );
    expect(paths).toEqual([
      'src/webhooks/v1/rediscluster.webhook.ts',
      'src/webhooks/v1/rediscluster.webhook.spec.ts',
      'test/rediscluster.webhook.int.spec.ts',
      'config/webhook/kustomization.yaml',
      'config/webhook/kustomizeconfig.yaml',
      'config/webhook/service.yaml',
      'config/certmanager/kustomization.yaml',
      'config/certmanager/kustomizeconfig.yaml',
      'config/certmanager/issuer.yaml',
      'config/certmanager/certificate-webhook.yaml',
      'config/default/manager_webhook_patch.yaml',
      'src/app.module.ts',
      'package.json',
      'config/default/kustomization.yaml',
      'config/network-policy/kustomization.yaml',
      'PROJECT',
    ]);
    const webhook = await read('src/webhooks/v1/rediscluster.webhook.ts');
    expect(webhook).toContain(
      "@DefaultingWebhook(RedisCluster, { name: 'mrediscluster-v1.cache.example.com' })\n@ValidatingWebhook(RedisCluster, { name: 'vrediscluster-v1.cache.example.com' })\nexport class RedisClusterWebhook implements CustomDefaulter<RedisCluster>, CustomValidator<RedisCluster> {",
    );
    expect(webhook).toContain("import { RedisCluster } from '../../api/v1/index.js';");
    expect(await read('src/app.module.ts')).toMatch(
      /import { RedisClusterWebhook } from '\.\/webhooks\/v1\/rediscluster\.webhook\.js';\n[\s\S]*webhooks: \[\n {4}RedisClusterWebhook,\n {4}\/\/ \+operant:scaffold:webhooks/,
    );
    expect(JSON.parse(await read('package.json')).scripts.manifests).toMatch(
      / && operant webhook-gen src\/webhooks -o config\/webhook\/manifests\.yaml$/,
    );
    // the NetworkPolicy component now lets the API server reach the webhook port
    expect(parse(await read('config/network-policy/kustomization.yaml')).resources).toContain(
      'allow-webhook-traffic.yaml',
    );
    const defaults = parse(await read('config/default/kustomization.yaml'));
    expect(defaults.resources).toEqual(expect.arrayContaining(['../webhook', '../certmanager']));
    expect(defaults.patches).toContainEqual({ path: 'manager_webhook_patch.yaml', target: { kind: 'Deployment' } });
    expect(
      defaults.replacements.flatMap((r: { targets: { select: { kind: string } }[] }) => r.targets[0]?.select.kind),
    ).toEqual([
      'Certificate',
      'Certificate',
      'MutatingWebhookConfiguration',
      'MutatingWebhookConfiguration',
      'ValidatingWebhookConfiguration',
      'ValidatingWebhookConfiguration',
    ]);
    expect(parse(await read('config/webhook/service.yaml')).spec.ports).toEqual([
      { port: 443, protocol: 'TCP', targetPort: 9443 },
    ]);
    expect(parse(await read('config/default/manager_webhook_patch.yaml'))[0]).toEqual({
      op: 'add',
      path: '/spec/template/spec/containers/0/args/-',
      value: '--webhook-cert-path=/tmp/k8s-webhook-server/serving-certs',
    });
    expect(parse(await read('PROJECT')).resources[0].webhooks).toEqual({
      defaulting: true,
      validation: true,
      webhookVersion: 'v1',
    });
    const suite = await read('test/rediscluster.webhook.int.spec.ts');
    expect(suite).toContain('useControlPlane(options)');
    expect(suite).toContain('expect(err.message).toContain(\'RedisCluster.cache.example.com "refused" is invalid\');');
    expect(await read('src/webhooks/v1/rediscluster.webhook.spec.ts')).toContain(
      'expect(() => webhook.validateCreate(refused)).toThrow(\'spec.foo: Invalid value: "": must not be empty\');',
    );
  });

  it('writes only the parts asked for, and refuses webhooks the kind has unless forced', async () => {
    await createApi({ ...redis, repoDir: dir }, quiet);
    await createWebhook({ ...redis, defaulting: true, repoDir: dir }, quiet);
    const webhook = await read('src/webhooks/v1/rediscluster.webhook.ts');
    expect(webhook).not.toContain('ValidatingWebhook');
    expect(webhook).toContain('default(redisCluster: RedisCluster): void {');
    const defaults = parse(await read('config/default/kustomization.yaml'));
    expect(JSON.stringify(defaults.replacements)).not.toContain('ValidatingWebhookConfiguration');
    await expect(createWebhook({ ...redis, defaulting: true, repoDir: dir }, quiet)).rejects.toThrow(
      'unable to create the webhooks of cache.example.com/v1 RedisCluster: it has --defaulting already (see PROJECT); use --force',
    );
    await createWebhook({ ...redis, defaulting: true, programmaticValidation: true, force: true, repoDir: dir }, quiet);
    expect(
      parse(await read('config/default/kustomization.yaml')).resources.filter((r: string) => r === '../webhook'),
    ).toHaveLength(1);
    expect(parse(await read('PROJECT')).resources[0].webhooks).toMatchObject({ defaulting: true, validation: true });
  });

  it('scaffolds a converter per spoke through the operant program, and passes src/webhooks to crd-gen', async () => {
    await createApi({ ...redis, repoDir: dir }, quiet);
    await expect(createWebhook({ ...redis, conversion: true, spoke: ['v2'], repoDir: dir }, quiet)).rejects.toThrow(
      'the project has no RedisCluster v2; run operant create api --version v2 first',
    );
    await createApi({ ...redis, version: 'v2', controller: false, repoDir: dir }, quiet);
    const log = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await createProgram().parseAsync(
        ['create', 'webhook', '--group', 'cache', '--version', 'v1', '--kind', 'RedisCluster'].concat([
          '--conversion',
          '--spoke',
          'v2',
          '--repo-dir',
          dir,
        ]),
        { from: 'user' },
      );
    } finally {
      log.mockRestore();
    }
    const converter = await read('src/webhooks/v1/rediscluster.v2.conversion.ts');
    expect(converter).toContain(
      '@Conversion({ hub: RedisCluster, spoke: RedisClusterV2 })\nexport class RedisClusterV2Conversion implements Converter<RedisClusterV2, RedisCluster> {',
    );
    expect(await read('src/app.module.ts')).toContain('    RedisClusterV2Conversion,\n');
    const manifests = JSON.parse(await read('package.json')).scripts.manifests;
    expect(manifests).toContain('operant crd-gen src/api src/webhooks --out config/crd/bases');
    expect(manifests).not.toContain('webhook-gen');
    expect(parse(await read('config/crd/kustomization.yaml')).configurations).toEqual(['kustomizeconfig.yaml']);
    expect(parse(await read('PROJECT')).resources[0].webhooks).toEqual({
      conversion: true,
      spoke: ['v2'],
      webhookVersion: 'v1',
    });
  });

  it('puts the files of a multigroup project under the group, with imports that reach the kind', async () => {
    const multi = await mkdtemp(join(tmpdir(), 'operant-create-webhook-multi-'));
    try {
      await init({ domain: 'example.com', name: 'team-operator', multigroup: true, repoDir: multi }, quiet);
      await createApi({ ...redis, repoDir: multi }, quiet);
      const paths = await createWebhook({ ...redis, programmaticValidation: true, repoDir: multi }, quiet);
      expect(paths.slice(0, 3)).toEqual([
        'src/webhooks/cache/v1/rediscluster.webhook.ts',
        'src/webhooks/cache/v1/rediscluster.webhook.spec.ts',
        'test/cache/rediscluster.webhook.int.spec.ts',
      ]);
      const readIn = (path: string) => readFile(join(multi, path), 'utf8');
      expect(await readIn('src/webhooks/cache/v1/rediscluster.webhook.ts')).toContain(
        "import { RedisCluster } from '../../../api/cache/v1/index.js';",
      );
      const suite = await readIn('test/cache/rediscluster.webhook.int.spec.ts');
      expect(suite).toContain("import type { RedisCluster } from '../../src/api/cache/v1/index.js';");
      expect(suite).toContain("new URL('../../config/webhook', import.meta.url)");
      expect(await readIn('src/app.module.ts')).toContain(
        "import { RedisClusterWebhook } from './webhooks/cache/v1/rediscluster.webhook.js';",
      );
    } finally {
      await rm(multi, { recursive: true, force: true });
    }
  });

  it('refuses a call without a webhook flag, and a spoke without --conversion', async () => {
    await expect(createWebhook({ ...redis, repoDir: dir }, quiet)).rejects.toThrow(
      'create webhook needs at least one of --defaulting, --programmatic-validation and --conversion',
    );
    await expect(createWebhook({ ...redis, conversion: true, repoDir: dir }, quiet)).rejects.toThrow(
      '--conversion needs --spoke <version>',
    );
    await expect(createWebhook({ ...redis, defaulting: true, spoke: ['v2'], repoDir: dir }, quiet)).rejects.toThrow(
      '--spoke needs --conversion',
    );
  });
});
