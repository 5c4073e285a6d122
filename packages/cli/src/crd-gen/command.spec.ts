// Runs the built `operant` binary (dist/, built by `pnpm test:unit`'s tsc -b) on fixture
// projects, as a user runs it: swc loading, file names, golden output, --check drift.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { operant } from '../../test/fixtures/operant-bin.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../test/fixtures/${name}/api.ts`, import.meta.url));
const golden = fileURLToPath(new URL('../../../crd/test/golden/demo.operant.dev_widgets.yaml', import.meta.url));

/** Every string-valued `description` key of `value`, by its path, walking the whole object. */
function descriptions(value: unknown, path = ''): Record<string, string> {
  if (Array.isArray(value)) return Object.assign({}, ...value.map((v, i) => descriptions(v, `${path}[${i}]`)));
  if (typeof value !== 'object' || value === null) return {};
  const found: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (key === 'description' && typeof v === 'string') found[at] = v;
    else Object.assign(found, descriptions(v, at));
  }
  return found;
}

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
  });

  it('--max-desc-len n cuts every schema description as controller-gen does: at a sentence end, else a space and "..."', async () => {
    expect((await operant('crd-gen', fixture('documented'), '--out', out, '--max-desc-len', '80')).code).toBe(0);
    const cut = descriptions(parse(await readFile(join(out, 'docs.operant.dev_notes.yaml'), 'utf8')));
    const schema = 'spec.versions[0].schema.openAPIV3Schema';
    const condition = `${schema}.properties.status.properties.conditions.items`;
    expect(cut).toMatchObject({
      [`${schema}.description`]: 'A Note is a short text.', // short enough: kept
      [`${schema}.properties.apiVersion.description`]:
        'APIVersion defines the versioned schema of this representation of an object.',
      [`${condition}.properties.message.description`]:
        'message is a human readable message indicating details about the transition.',
      [`${condition}.description`]: 'Condition contains details for one aspect of the current state of this API...',
    });
    expect(Object.values(cut).every((d) => d.length <= 83)).toBe(true);

    expect((await operant('crd-gen', fixture('documented'), '--out', out, '--max-desc-len', '8')).code).toBe(0);
    expect(descriptions(parse(await readFile(join(out, 'docs.operant.dev_notes.yaml'), 'utf8')))).toMatchObject({
      [`${schema}.description`]: 'A Note...',
      [`${schema}.properties.apiVersion.description`]: 'APIVersi...',
      [`${schema}.properties.spec.properties.text.description`]: 'The...',
    });
  });

  it('--max-desc-len 0 removes every schema description: nested classes, arrays, maps, common types, the root', async () => {
    expect((await operant('crd-gen', fixture('documented'), '--out', out, '--max-desc-len', '0')).code).toBe(0);
    const crd = parse(await readFile(join(out, 'docs.operant.dev_notes.yaml'), 'utf8'));
    // what is not a schema description stays, as with controller-gen
    expect(descriptions(crd)).toEqual({
      'spec.versions[0].additionalPrinterColumns[0].description': 'The text of the note.',
    });
    const spec = crd.spec.versions[0].schema.openAPIV3Schema.properties.spec;
    expect(spec.properties.description).toEqual({ type: 'string' }); // a property named description
    expect(Object.keys(spec.properties).sort()).toEqual([
      'author',
      'description',
      'lines',
      'repeat',
      'text',
      'translations',
    ]);
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
    // the same rule as docs/crd-generation.md
    expect(run.stdout.replace(/\s+/g, ' ')).toContain(
      '--max-desc-len <n> cut every schema description to n characters, at a sentence end or with "..." (controller-gen maxDescLen); 0 removes them all',
    );
  });
});
