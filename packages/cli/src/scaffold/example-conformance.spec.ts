// examples/redis-operator is "scaffolded with the CLI, then written": init + create api run
// afresh into a temp folder, and every file they write must exist in the example (minus the
// monorepo exceptions below), with the same PROJECT, scaffold markers and package.json
// scripts. A new scaffolded file fails this spec until the example has it or it is listed.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApi } from '../create-api/command.js';
import { init } from '../init/command.js';
import type { CommandIo } from '../io.js';

const example = fileURLToPath(new URL('../../../../examples/redis-operator', import.meta.url));
const quiet: CommandIo = { stdout: () => undefined, stderr: () => undefined };

/** Scaffolded files the example deliberately lacks, as a workspace package of this monorepo (its README says so too). */
const monorepoExceptions = new Map<string, string>([
  // pnpm would take the example's folder for a workspace of its own; the root pnpm-workspace.yaml lists it
  ['pnpm-workspace.yaml', 'the root workspace lists the example'],
  // the root jest config runs the example's suites (unit + integration projects, one shared control plane)
  ['jest.config.js', 'the root jest config runs its suites'],
  // the root tsconfig.test.json type-checks its sources and tests with the packages'
  ['tsconfig.test.json', 'the root tsconfig.test.json type-checks its tests'],
  // Biome 2 refuses a second root configuration below the repository's biome.json
  ['biome.json', 'the root biome.json lints it'],
  // placeholders that keep empty folders in git; the example's folders have files
  ['src/api/.gitkeep', 'src/api has files'],
  ['src/controllers/.gitkeep', 'src/controllers has files'],
]);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The scaffolded files that neither exist in the example nor are listed as exceptions. */
async function missingFromExample(generated: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const file of generated) {
    if (!monorepoExceptions.has(file) && !(await exists(join(example, file)))) missing.push(file);
  }
  return missing;
}

const markers = (source: string) => source.match(/\/\/ \+operant:scaffold:\S+/g) ?? [];

describe('examples/redis-operator against a fresh scaffold', () => {
  let dir: string;
  let generated: string[];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operant-conformance-'));
    await init({ domain: 'example.com', name: 'redis-operator', repoDir: dir }, quiet);
    await createApi({ group: 'cache', version: 'v1', kind: 'RedisCluster', repoDir: dir }, quiet);
    generated = await filesUnder(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const both = (path: string) =>
    Promise.all([readFile(join(dir, path), 'utf8'), readFile(join(example, path), 'utf8')]);

  it('has every file init and create api write, but the listed monorepo exceptions', async () => {
    expect(generated).toEqual(expect.arrayContaining(['PROJECT', 'src/main.ts', 'src/api/v1/rediscluster.types.ts']));
    expect(await missingFromExample(generated)).toEqual([]);
  });

  it('lists as exceptions only files the scaffold writes and the example lacks', async () => {
    for (const file of monorepoExceptions.keys()) {
      expect(generated).toContain(file);
      if (!file.endsWith('.gitkeep')) expect(await exists(join(example, file))).toBe(false);
    }
  });

  it('reports a file the scaffold writes and the example lacks', async () => {
    await writeFile(join(dir, 'new-scaffold-file.yaml'), 'kind: Example\n');
    try {
      expect(await missingFromExample(await filesUnder(dir))).toEqual(['new-scaffold-file.yaml']);
    } finally {
      await rm(join(dir, 'new-scaffold-file.yaml'));
    }
  });

  it('has the generated PROJECT', async () => {
    const [fresh, committed] = await both('PROJECT');
    expect(committed).toBe(fresh);
  });

  it('keeps the scaffold markers create api edits in src/app.module.ts', async () => {
    const [fresh, committed] = await both('src/app.module.ts');
    expect(markers(fresh).length).toBeGreaterThan(0);
    expect(markers(committed)).toEqual(markers(fresh));
  });

  it("has the scaffold's leader-election Role (its Lease named by the ID main.ts passes)", async () => {
    const [fresh, committed] = await both('config/rbac/leader_election_role.yaml');
    expect(committed).toBe(fresh);
  });

  it('has every package.json script of the scaffold, and its manifests command', async () => {
    const scripts = (text: string) => (JSON.parse(text) as { scripts: Record<string, string> }).scripts;
    const [fresh, committed] = (await both('package.json')).map(scripts) as [
      Record<string, string>,
      Record<string, string>,
    ];
    expect(Object.keys(committed)).toEqual(expect.arrayContaining(Object.keys(fresh)));
    expect(committed.manifests).toBe(fresh.manifests);
  });
});
