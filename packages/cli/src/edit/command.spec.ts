// operant edit in-process on fresh inits: --multigroup records the layout for later kinds,
// --namespaced writes what init --namespaced writes (main.ts included while it is the
// scaffolded one), and the refusals.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { createApi } from '../create-api/command.js';
import { init } from '../init/command.js';
import type { CommandIo } from '../io.js';
import { edit } from './command.js';

const quiet: CommandIo = { stdout: () => undefined, stderr: () => undefined };
const scaffolded = ['PROJECT', 'package.json', 'src/main.ts', 'config/manager/manager.yaml'];
const rbac = ['config/rbac/role.yaml', 'config/rbac/role_binding.yaml'];

describe('operant edit', () => {
  let dir: string;
  let namespacedDir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operant-edit-'));
    namespacedDir = await mkdtemp(join(tmpdir(), 'operant-edit-ns-'));
    await init({ domain: 'example.com', name: 'team-operator', repoDir: dir }, quiet);
    await init({ domain: 'example.com', name: 'team-operator', repoDir: namespacedDir, namespaced: true }, quiet);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(namespacedDir, { recursive: true, force: true });
  });
  const read = (root: string, path: string) => readFile(join(root, path), 'utf8');

  it('--multigroup puts the kinds created next in folders per group, and --no-multigroup undoes it', async () => {
    await createApi({ group: 'cache', version: 'v1', kind: 'Memcached', repoDir: dir }, quiet);
    expect(await edit({ multigroup: true, repoDir: dir }, quiet)).toEqual(['PROJECT']);
    await createApi({ group: 'ship', version: 'v1', kind: 'Vessel', repoDir: dir }, quiet);
    expect(await read(dir, 'src/api/ship/v1/vessel.types.ts')).toContain('class Vessel');
    expect(await read(dir, 'src/api/v1/memcached.types.ts')).toContain('class Memcached');
    await edit({ multigroup: false, repoDir: dir }, quiet);
    expect(parse(await read(dir, 'PROJECT')).multigroup).toBeUndefined();
  });

  it('--namespaced writes the files of init --namespaced', async () => {
    const changed = await edit({ namespaced: true, repoDir: dir }, quiet);
    expect(changed.sort()).toEqual([...rbac, ...scaffolded].sort());
    for (const path of [...rbac, ...scaffolded]) {
      expect({ path, content: await read(dir, path) }).toEqual({ path, content: await read(namespacedDir, path) });
    }
  });

  it('--namespaced leaves a changed main.ts to the user, saying what to change', async () => {
    await writeFile(join(dir, 'src/main.ts'), '// mine\n');
    const out: string[] = [];
    const changed = await edit({ namespaced: true, repoDir: dir }, { stdout: (t) => out.push(t), stderr: () => 0 });
    expect(changed).not.toContain('src/main.ts');
    expect(out.join('')).toContain('src/main.ts: read WATCH_NAMESPACE and pass manager: { cache: {');
  });

  it('refuses --namespaced with a cluster-scoped kind, and nothing to do', async () => {
    await createApi({ group: 'infra', version: 'v1', kind: 'Zone', namespaced: false, repoDir: dir }, quiet);
    await expect(edit({ namespaced: true, repoDir: dir }, quiet)).rejects.toThrow(
      'unable to make the project namespaced: its kind Zone (infra) is cluster-scoped, which a Role cannot grant',
    );
    expect(parse(await read(dir, 'PROJECT')).namespaced).toBeUndefined();
    await expect(edit({ repoDir: dir }, quiet)).rejects.toThrow('nothing to edit');
  });
});
