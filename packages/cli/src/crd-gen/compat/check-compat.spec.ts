// Runs the built `operant` binary on fixture classes: a Gauge, then a breaking and a
// compatible change of it, compared with a folder of CRDs and with a git ref.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { operant } from '../../../test/fixtures/operant-bin.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../test/fixtures/compat/${name}/api.ts`, import.meta.url));
const git = (cwd: string, ...args: string[]) => promisify(execFile)('git', args, { cwd });

describe('operant crd-gen --check-compat', () => {
  let dir: string;
  let old: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crd-compat-'));
    old = join(dir, 'config', 'crd', 'bases');
    expect((await operant('crd-gen', fixture('base'), '--out', old)).code).toBe(0);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('fails on a breaking change, naming CRD, version and field of each', async () => {
    const run = await operant('crd-gen', fixture('breaking'), '--out', join(dir, 'out'), '--check-compat', old);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').filter(Boolean)).toEqual([
      'error [existingFieldRemoval] gauges.compat.operant.dev v1 spec.label: field label removed',
      'error [maximum] gauges.compat.operant.dev v1 spec.level: maximum lowered from 100 to 50',
      'error [enum] gauges.compat.operant.dev v1 spec.unit: enum values ["kelvin"] removed',
    ]);
    expect(run.stderr).toBe(`operant: 3 incompatible change(s) from ${old}; fix them or name them with --allow\n`);
  });

  it('passes a compatible change and writes nothing', async () => {
    const out = join(dir, 'out');
    const run = await operant('crd-gen', fixture('compatible'), '--out', out, '--check-compat', old);
    expect(run).toMatchObject({ code: 0, stdout: `1 CRD(s) are compatible with 1 CRD(s) of ${old}\n` });
    await expect(promisify(execFile)('ls', [out])).rejects.toThrow();
  });

  it('--allow accepts deliberate breaks by rule, path and rule:path', async () => {
    const run = await operant(
      'crd-gen',
      fixture('breaking'),
      '--out',
      old,
      '--check-compat',
      old,
      '--allow',
      'maximum',
      '--allow',
      'v1/spec.label',
      '--allow',
      'enum:spec.unit',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'allowed error [enum] gauges.compat.operant.dev v1 spec.unit: enum values ["kelvin"] removed\n',
    );
    const lone = await operant('crd-gen', fixture('breaking'), '--out', old, '--allow', 'maximum');
    expect(lone).toMatchObject({ code: 1, stderr: 'operant: --allow needs --check-compat\n' });
  });

  it('reads the old CRDs at a git ref', async () => {
    await git(dir, 'init', '-q');
    await git(dir, 'add', '.');
    await git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'base');
    await mkdir(old, { recursive: true });
    const run = await operant('crd-gen', fixture('breaking'), '--out', old, '--check-compat', 'HEAD');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('error [existingFieldRemoval] gauges.compat.operant.dev v1 spec.label');
    const bad = await operant('crd-gen', fixture('breaking'), '--out', old, '--check-compat', 'no-such-ref');
    expect(bad).toMatchObject({
      code: 1,
      stderr: 'operant: unable to read no-such-ref: neither a file, a folder nor a git ref\n',
    });
  });
});
