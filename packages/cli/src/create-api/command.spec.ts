// operant create api in-process on a fresh init: the files of LAYOUT.md, the registrations,
// PROJECT, a second kind, --no-controller / --no-namespaced, --dependents, and the refusals.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { parse } from 'yaml';
import { CliError } from '../errors.js';
import { init } from '../init/command.js';
import type { CommandIo } from '../io.js';
import { createProgram } from '../program.js';
import { createApi } from './command.js';

const quiet: CommandIo = { stdout: () => undefined, stderr: () => undefined };
const redis = { group: 'cache', version: 'v1', kind: 'RedisCluster' };

describe('operant create api', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operant-create-api-'));
    await init({ domain: 'example.com', name: 'redis-operator', repoDir: dir }, quiet);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const read = (path: string) => readFile(join(dir, path), 'utf8');

  it('writes the kind, controller, suite and sample, and registers them', async () => {
    const paths = await createApi({ ...redis, repoDir: dir }, quiet);
    expect(paths).toEqual([
      'src/api/v1/rediscluster.types.ts',
      'config/samples/cache_v1_rediscluster.yaml',
      'config/rbac/rediscluster_editor_role.yaml',
      'config/rbac/rediscluster_viewer_role.yaml',
      'src/controllers/rediscluster.controller.ts',
      'test/rediscluster.controller.int.spec.ts',
      'src/api/v1/index.ts',
      'config/crd/kustomization.yaml',
      'config/samples/kustomization.yaml',
      'config/rbac/kustomization.yaml',
      'src/app.module.ts',
      'PROJECT',
    ]);
    expect(parse(await read('config/rbac/kustomization.yaml')).resources.slice(-2)).toEqual([
      'rediscluster_editor_role.yaml',
      'rediscluster_viewer_role.yaml',
    ]);
    expect(parse(await read('config/rbac/rediscluster_viewer_role.yaml')).rules[0]).toEqual({
      apiGroups: ['cache.example.com'],
      resources: ['redisclusters'],
      verbs: ['get', 'list', 'watch'],
    });
    const types = await read('src/api/v1/rediscluster.types.ts');
    expect(types).toContain(
      "@CustomResource({ group: 'cache.example.com', version: 'v1', kind: 'RedisCluster', scope: 'Namespaced' })",
    );
    expect(types).toContain('export class RedisCluster extends CustomObject<RedisClusterSpec, RedisClusterStatus>');
    expect(await read('src/controllers/rediscluster.controller.ts')).toContain(
      '@Controller({ for: RedisCluster })\nexport class RedisClusterReconciler {',
    );
    expect(await read('src/app.module.ts')).toContain(
      "import { RedisClusterReconciler } from './controllers/rediscluster.controller.js';",
    );
    expect(parse(await read('config/crd/kustomization.yaml')).resources).toEqual([
      'bases/cache.example.com_redisclusters.yaml',
    ]);
    expect(parse(await read('config/samples/kustomization.yaml')).resources).toEqual(['cache_v1_rediscluster.yaml']);
    expect(parse(await read('config/samples/cache_v1_rediscluster.yaml'))).toMatchObject({
      apiVersion: 'cache.example.com/v1',
      kind: 'RedisCluster',
      metadata: { name: 'rediscluster-sample' },
    });
    expect(parse(await read('PROJECT')).resources).toEqual([
      {
        api: { crdVersion: 'v1', namespaced: true },
        controller: true,
        domain: 'example.com',
        group: 'cache',
        kind: 'RedisCluster',
        path: 'src/api/v1',
        version: 'v1',
      },
    ]);
  });

  it('refuses a kind the project has, and writes nothing', async () => {
    await createApi({ ...redis, repoDir: dir }, quiet);
    const before = await read('src/app.module.ts');
    const err = await createApi({ ...redis, repoDir: dir }, quiet).catch((e) => e);
    expect(CliError.is(err, 'exists')).toBe(true);
    expect((err as Error).message).toBe(
      'unable to create the API cache.example.com/v1 RedisCluster: the project has it already (see PROJECT)',
    );
    expect(await read('src/app.module.ts')).toBe(before);
  });

  it('adds a second kind beside the first: cluster-scoped, without a controller', async () => {
    await createApi({ ...redis, repoDir: dir }, quiet);
    const paths = await createApi(
      { group: 'cache', version: 'v1', kind: 'Backup', controller: false, namespaced: false, repoDir: dir },
      quiet,
    );
    expect(paths).not.toContain('src/controllers/backup.controller.ts');
    await expect(stat(join(dir, 'src/controllers/backup.controller.ts'))).rejects.toThrow();
    expect(await read('src/api/v1/backup.types.ts')).toContain("scope: 'Cluster'");
    expect(await read('src/api/v1/index.ts')).toMatch(
      /export \* from '\.\/backup\.types\.js';\nexport \* from '\.\/rediscluster\.types\.js';\n$/,
    );
    expect(parse(await read('PROJECT')).resources.map((r: { kind: string }) => r.kind)).toEqual([
      'RedisCluster',
      'Backup',
    ]);
    expect(parse(await read('PROJECT')).resources[1]).not.toHaveProperty('controller');
  });

  it('parses its flags through the operant program: --version is the API version, --no-* turn parts off', async () => {
    const log = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await createProgram().parseAsync(
        [
          'create',
          'api',
          '--group',
          'ops',
          '--version',
          'v1beta1',
          '--kind',
          'Backup',
          '--no-controller',
          '--repo-dir',
          dir,
        ],
        { from: 'user' },
      );
    } finally {
      log.mockRestore();
    }
    expect(await read('src/api/v1beta1/backup.types.ts')).toContain("group: 'ops.example.com', version: 'v1beta1'");
    await expect(stat(join(dir, 'src/controllers/backup.controller.ts'))).rejects.toThrow();
  });

  it('leaves the project as it was when an edit fails (app.module.ts without markers)', async () => {
    await writeFile(join(dir, 'src/app.module.ts'), "import { Module } from '@operant/core';\n");
    await expect(createApi({ ...redis, repoDir: dir }, quiet)).rejects.toThrow('markers are missing');
    await expect(stat(join(dir, 'src/api/v1/rediscluster.types.ts'))).rejects.toThrow();
    expect(parse(await read('config/crd/kustomization.yaml')).resources).toEqual([]);
    expect(parse(await read('PROJECT')).resources).toBeUndefined();
  });

  it('adds a second version of a kind: served only, same scope, no second controller or roles', async () => {
    await createApi({ ...redis, repoDir: dir }, quiet);
    await expect(createApi({ ...redis, version: 'v2', repoDir: dir }, quiet)).rejects.toThrow(
      'unable to create a controller for cache.example.com/v2 RedisCluster: the project has one for RedisCluster (v1); use --no-controller',
    );
    const paths = await createApi(
      { ...redis, version: 'v2', controller: false, namespaced: false, repoDir: dir },
      quiet,
    );
    expect(paths).not.toContain('config/rbac/rediscluster_editor_role.yaml');
    const v1 = await read('src/api/v1/rediscluster.types.ts');
    const v2 = await read('src/api/v2/rediscluster.types.ts');
    expect(v1).toContain('@StorageVersion()\n@StatusSubresource()');
    expect(v2).not.toContain('@StorageVersion()\n');
    expect(v2).toContain("scope: 'Namespaced'");
  });

  it('scaffolds a controller with a Deployment dependent and a status with conditions (--dependents)', async () => {
    const paths = await createApi({ ...redis, dependents: true, repoDir: dir }, quiet);
    expect(paths).toContain('src/controllers/rediscluster.controller.ts');
    const controller = await read('src/controllers/rediscluster.controller.ts');
    expect(controller).toContain('@Controller({ for: RedisCluster })\nexport class RedisClusterReconciler {');
    expect(controller).toContain(
      '@Dependent(Deployment, { readyWhen: (d) => (d.status?.availableReplicas ?? 0) > 0 })',
    );
    expect(controller).toContain("const env = [{ name: 'FOO', value: redisCluster.spec.foo ?? '' }];");
    expect(controller).not.toMatch(/^\s*@Reconcile\(\)$/m);
    const suite = await read('test/rediscluster.controller.int.spec.ts');
    expect(suite).toContain("expect(ready).toMatchObject({ status: 'False', reason: 'NotReady' });");
    const types = await read('src/api/v1/rediscluster.types.ts');
    expect(types).toContain("  @ListMapKey('type')\n  conditions?: Condition[];");
    expect(types).toContain('import {\n  ArrayOf,\n  Condition,\n  CustomObject,');
    // without the flag: no conditions, the hand-written reconcile
    await createApi({ group: 'cache', version: 'v1', kind: 'Backup', repoDir: dir }, quiet);
    expect(await read('src/api/v1/backup.types.ts')).not.toContain('conditions');
    expect(await read('src/controllers/backup.controller.ts')).toContain('@Reconcile()');
  });

  it('refuses --dependents without a controller or for a cluster-scoped kind', async () => {
    await expect(createApi({ ...redis, dependents: true, controller: false, repoDir: dir }, quiet)).rejects.toThrow(
      '--dependents scaffolds a controller: drop --no-controller',
    );
    await expect(createApi({ ...redis, dependents: true, namespaced: false, repoDir: dir }, quiet)).rejects.toThrow(
      '--dependents needs a namespaced kind: its Deployment lives in the namespace of the object',
    );
  });

  it('refuses bad names naming the flag, and a folder without PROJECT', async () => {
    await expect(createApi({ ...redis, kind: 'rediscluster', repoDir: dir }, quiet)).rejects.toThrow(
      '--kind "rediscluster" is invalid: it must be PascalCase',
    );
    await expect(createApi({ ...redis, version: 'one', repoDir: dir }, quiet)).rejects.toThrow('--version "one"');
    const empty = await mkdtemp(join(tmpdir(), 'operant-no-project-'));
    const err = await createApi({ ...redis, repoDir: empty }, quiet).catch((e) => e);
    await rm(empty, { recursive: true });
    expect(CliError.is(err, 'noProject')).toBe(true);
    expect((err as Error).message).toContain('PROJECT: run operant init first');
  });
});
