// Runs the built `operant rbac-gen` on the fixture project, as a user runs it: swc loading,
// the golden role, --check on fresh and edited files, and the errors of bad entries.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { operant } from '../../test/fixtures/operant-bin.js';

const fixtures = (path: string) => fileURLToPath(new URL(`../../test/fixtures/${path}`, import.meta.url));
const entry = fixtures('controllers/api.ts');
const golden = fixtures('controllers/config/rbac/role.yaml');

describe('operant rbac-gen', () => {
  let dir: string;
  let out: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rbac-gen-'));
    out = join(dir, 'config/rbac/role.yaml');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes role.yaml identical to the golden file', async () => {
    const run = await operant('rbac-gen', entry, '--out', out);
    expect(run).toMatchObject({ code: 0, stdout: `wrote ${out}\n`, stderr: '' });
    expect(await readFile(out, 'utf8')).toBe(await readFile(golden, 'utf8'));
  });

  it('--check passes on the written file and on the golden one, and fails with a diff after an edit', async () => {
    await operant('rbac-gen', entry, '--out', out);
    expect(await operant('rbac-gen', entry, '--out', out, '--check')).toMatchObject({ code: 0 });
    expect(await operant('rbac-gen', entry, '--out', golden, '--check')).toMatchObject({ code: 0 });

    await writeFile(out, (await readFile(out, 'utf8')).replace('      - deletecollection\n', ''));
    const run = await operant('rbac-gen', entry, '--out', out, '--check');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`--- ${out} (on disk)\n+++ ${out} (generated)\n`);
    expect(run.stdout).toContain('       - delete\n+      - deletecollection\n       - get\n');
    expect(run.stderr).toBe(`operant: ${out} differs from the controllers; run operant rbac-gen\n`);
  });

  it('--check fails when the file is missing', async () => {
    const run = await operant('rbac-gen', entry, '--out', out, '--check');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('+kind: ClusterRole\n');
  });

  it('names an entry that exports no controller', async () => {
    const project = fixtures('project/api.ts');
    const run = await operant('rbac-gen', entry, project, '--out', out);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`operant: ${project} exports no @Controller class and no @Module that lists one\n`);
  });

  it('refuses a cluster-scoped kind with --namespace', async () => {
    const run = await operant('rbac-gen', entry, '--out', out, '--namespace', 'demo');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('operant: @Controller GadgetReconciler: for names Gadget, a cluster-scoped kind');
  });

  it('refuses undeclared cluster-wide writes to a guarded resource: exit 1, the class named, nothing written', async () => {
    const unsafe = fixtures('unsafe-rbac/lease-writer.ts');
    const run = await operant('rbac-gen', unsafe, '--out', out);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('operant: unable to generate the ClusterRole: cluster-wide write access');
    expect(run.stderr).toContain(
      "@Controller LeaseWriter: @Rbac({ groups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'update'] }) grants update on leases.coordination.k8s.io in every namespace; add clusterWide: true to that @Rbac",
    );
    await expect(readFile(out, 'utf8')).rejects.toThrow('ENOENT');
    expect(await operant('rbac-gen', unsafe, '--out', out, '--namespace', 'operators')).toMatchObject({ code: 0 });
  });

  it('has --help', async () => {
    const run = await operant('rbac-gen', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--namespace');
    expect(run.stdout).toContain('config/rbac/role.yaml');
  });
});
