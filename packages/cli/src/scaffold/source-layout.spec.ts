// operant init --multigroup, then create api in two groups: a folder per group under
// src/api, src/controllers and test, relative imports that resolve, the registrations,
// and PROJECT's paths.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { createApi } from '../create-api/command.js';
import { init } from '../init/command.js';
import type { CommandIo } from '../io.js';
import { resourceNames } from './names.js';
import { importPath, sourcePaths } from './source-layout.js';

const quiet: CommandIo = { stdout: () => undefined, stderr: () => undefined };

describe('sourcePaths', () => {
  const names = resourceNames('cache', 'v1', 'RedisCluster', 'example.com');

  it("is kubebuilder's single-group layout by default", () => {
    expect(sourcePaths(names, false)).toEqual({
      apiDir: 'src/api/v1',
      controller: 'src/controllers/rediscluster.controller.ts',
      suite: 'test/rediscluster.controller.int.spec.ts',
      rbacRoleStem: 'rediscluster',
    });
  });

  it('puts each group in a folder of its own in a multigroup project', () => {
    expect(sourcePaths(names, true)).toEqual({
      apiDir: 'src/api/cache/v1',
      controller: 'src/controllers/cache/rediscluster.controller.ts',
      suite: 'test/cache/rediscluster.controller.int.spec.ts',
      rbacRoleStem: 'cache_rediscluster',
    });
  });

  it('imports by relative ES module specifiers', () => {
    expect(importPath('src/app.module.ts', 'src/controllers/cache/x.controller.ts')).toBe(
      './controllers/cache/x.controller.js',
    );
    expect(importPath('src/controllers/cache/x.controller.ts', 'src/api/cache/v1/index.ts')).toBe(
      '../../api/cache/v1/index.js',
    );
    expect(importPath('test/x.controller.int.spec.ts', 'src/app.module.ts')).toBe('../src/app.module.js');
  });
});

describe('operant init --multigroup + create api', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operant-multigroup-'));
    await init({ domain: 'example.com', name: 'fleet-operator', repoDir: dir, multigroup: true }, quiet);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const read = (path: string) => readFile(join(dir, path), 'utf8');

  it('places each group in its own folders and registers both controllers', async () => {
    const cache = await createApi({ group: 'cache', version: 'v1', kind: 'Store', repoDir: dir }, quiet);
    const ship = await createApi({ group: 'ship', version: 'v1', kind: 'Vessel', repoDir: dir }, quiet);
    expect(cache).toEqual([
      'src/api/cache/v1/store.types.ts',
      'config/samples/cache_v1_store.yaml',
      'config/rbac/cache_store_editor_role.yaml',
      'config/rbac/cache_store_viewer_role.yaml',
      'src/controllers/cache/store.controller.ts',
      'test/cache/store.controller.int.spec.ts',
      'src/api/cache/v1/index.ts',
      'config/crd/kustomization.yaml',
      'config/samples/kustomization.yaml',
      'config/rbac/kustomization.yaml',
      'src/app.module.ts',
      'PROJECT',
    ]);
    expect(ship).toContain('src/controllers/ship/vessel.controller.ts');
    expect(await read('src/controllers/ship/vessel.controller.ts')).toContain(
      "import { Vessel } from '../../api/ship/v1/index.js';",
    );
    const suite = await read('test/cache/store.controller.int.spec.ts');
    expect(suite).toContain("import { Store } from '../../src/api/cache/v1/index.js';");
    expect(suite).toContain("import { AppModule } from '../../src/app.module.js';");
    expect(parse(await read('config/rbac/cache_store_editor_role.yaml')).metadata.name).toBe('cache-store-editor-role');
    const module = await read('src/app.module.ts');
    expect(module).toContain("import { StoreReconciler } from './controllers/cache/store.controller.js';");
    expect(module).toContain("import { VesselReconciler } from './controllers/ship/vessel.controller.js';");
    const project = parse(await read('PROJECT'));
    expect(project.multigroup).toBe(true);
    expect(project.resources.map((r: { path: string }) => r.path)).toEqual(['src/api/cache/v1', 'src/api/ship/v1']);
  });

  it('refuses a kind whose reconciler class the module imports from another group', async () => {
    await createApi({ group: 'cache', version: 'v1', kind: 'Store', repoDir: dir }, quiet);
    await expect(createApi({ group: 'ship', version: 'v1', kind: 'Store', repoDir: dir }, quiet)).rejects.toThrow(
      'unable to add StoreReconciler to src/app.module.ts: it imports a StoreReconciler from ./controllers/cache/store.controller.js already',
    );
  });
});
