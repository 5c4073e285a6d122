// Runs the built `operant` binary (dist/, built by `pnpm test:unit`'s tsc -b) on fixture
// projects, as a user runs it: swc loading, file names, golden output, --check drift.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { operant } from '../../test/fixtures/operant-bin.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../test/fixtures/${name}/api.ts`, import.meta.url));
const golden = fileURLToPath(new URL('../../../crd/test/golden/demo.operant.dev_widgets.yaml', import.meta.url));

describe('operant crd-gen', () => {
  let out: string;
  beforeEach(async () => {
    out = await mkdtemp(join(tmpdir(), 'crd-gen-'));
  });
  afterEach(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it('writes <group>_<plural>.yaml identical to the golden file', async () => {
    const run = await operant('crd-gen', fixture('project'), '--out', out);
    expect(run).toMatchObject({ code: 0, stdout: `wrote ${join(out, 'demo.operant.dev_widgets.yaml')}\n` });
    expect(await readFile(join(out, 'demo.operant.dev_widgets.yaml'), 'utf8')).toBe(await readFile(golden, 'utf8'));
  });

  it('--check passes on fresh files and fails with a diff on drift and on stale files', async () => {
    await operant('crd-gen', fixture('project'), '--out', out);
    expect((await operant('crd-gen', fixture('project'), '--out', out, '--check')).code).toBe(0);

    const file = join(out, 'demo.operant.dev_widgets.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('maximum: 10\n', 'maximum: 12\n'));
    await writeFile(join(out, 'old.operant.dev_gadgets.yaml'), 'kind: CustomResourceDefinition\n');
    const run = await operant('crd-gen', fixture('project'), '--out', out, '--check');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('-                  maximum: 12\n+                  maximum: 10\n');
    expect(run.stdout).toContain('old.operant.dev_gadgets.yaml: no longer generated');
    expect(run.stderr).toContain('operant: 2 difference(s)');
  });

  it('names class and property when an array has no element type', async () => {
    const run = await operant('crd-gen', fixture('bad-array'), '--out', out);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('operant: Broken.ports: the element type of the array is unknown; add @ArrayOf(() => T)\n');
  });

  it('refuses a tsconfig without emitDecoratorMetadata', async () => {
    const run = await operant('crd-gen', fixture('no-metadata'), '--out', out);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('tsconfig.json must set "emitDecoratorMetadata": true');
  });

  it('takes descriptions from doc comments, @Description winning, cut by --max-desc-len', async () => {
    expect((await operant('crd-gen', fixture('documented'), '--out', out)).code).toBe(0);
    const yaml = await readFile(join(out, 'docs.operant.dev_notes.yaml'), 'utf8');
    expect(yaml).toContain('description: A Note is a short text.\n');
    expect(yaml).toContain('description: The desired state of a Note.\n');
    expect(yaml).toContain('description: The text of the note, shown in full.\n');
    expect(yaml).toContain('description: Repetitions (from @Description).\n');
    expect(yaml).not.toContain('How many times');

    expect((await operant('crd-gen', fixture('documented'), '--out', out, '--max-desc-len', '8')).code).toBe(0);
    expect(await readFile(join(out, 'docs.operant.dev_notes.yaml'), 'utf8')).toContain('description: The text\n');
  });

  // the golden file of the first test has the default, format: int32
  it('--int-format sets the format of integers without @Format', async () => {
    const file = join(out, 'demo.operant.dev_widgets.yaml');
    const replicas = (yaml: string) => /\n {16}replicas:\n(( {18}.*\n)+)/.exec(yaml)?.[1];
    expect((await operant('crd-gen', fixture('project'), '--out', out, '--int-format', 'int64')).code).toBe(0);
    expect(replicas(await readFile(file, 'utf8'))).toContain('format: int64\n');
    expect((await operant('crd-gen', fixture('project'), '--out', out, '--int-format', 'none')).code).toBe(0);
    expect(replicas(await readFile(file, 'utf8'))).not.toContain('format:');
    const bad = await operant('crd-gen', fixture('project'), '--out', out, '--int-format', 'int16');
    expect(bad).toMatchObject({ code: 1, stderr: 'operant: --int-format needs int32, int64 or none, got int16\n' });
  });

  it('has --help', async () => {
    const run = await operant('crd-gen', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--check');
    expect(run.stdout).toContain('--verify');
    expect(run.stdout).toContain('--envtest');
  });
});
