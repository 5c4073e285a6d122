// docs/tutorial.md as a user walks it, in a temporary folder outside this repository: every
// code block of the page is marked (`<!-- tutorial-test: … -->`), and the marked blocks run
// in order as one terminal session — `file <path>` writes the block, `sh [id]` runs it with
// bash (a `cd` or an `export` carries over), `background [until <text>]` starts it (and
// waits for that text in its output), `skip: <reason>` is not run. The session takes the @operant/*
// packages from tarballs packed from this workspace, everything else from the registry
// through pnpm's store, and the envtest binaries from where a user's project finds them
// (~/.cache/operant/envtest): none of this run's settings reach it. The torture step's
// `operant torture` runs on an envtest the command starts. Then the scaffold's
// test command is checked on the installed project: a unit-only run starts no control plane,
// and a type error in a test fails `pnpm test`.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@operant/testing';
import { describeOrSkip, ownControlPlaneSkipReason } from '@operant/testing/jest';
import { parse } from 'yaml';
import { recordingAssets } from '../../testing/test/fixtures/recording-assets.js';
import { Background, childEnv, freePort, runCommand, succeeded } from './fixtures/processes.js';
import { type Step, tutorialSteps } from './fixtures/tutorial-steps.js';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));
const page = fileURLToPath(new URL('../../../docs/tutorial.md', import.meta.url));
const skip = ownControlPlaneSkipReason({ controllerManager: true });

describeOrSkip('docs/tutorial.md', skip, () => {
  let root: string;
  let steps: Step[];
  /** The session: its folder and environment after the last block (CI=true: missing binaries fail, not skip). */
  let cwd: string;
  let env: NodeJS.ProcessEnv = { ...childEnv, CI: 'true' };
  let substitutions: [string, string][];
  const outputs = new Map<string, string>();
  const background: Background[] = [];
  let failed: string | undefined;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'operant-tutorial-'));
    cwd = root;
    substitutions = [
      ['~/operant', workspace],
      ['/tmp/operant-packages', join(root, 'operant-packages')],
      ['8081', String(await freePort())],
    ];
    steps = tutorialSteps(await readFile(page, 'utf8'));
  });

  afterAll(async () => {
    for (const b of background.reverse()) await b.stop();
    await rm(root, { recursive: true, force: true });
  }, 60_000);

  const substituted = (text: string) => substitutions.reduce((t, [from, to]) => t.replaceAll(from, to), text);

  /** Runs a shell block in the session; returns its output, keeps its folder and exported variables. */
  async function shell(block: string): Promise<string> {
    const state = join(root, '.session');
    const script = `set -eo pipefail\n${substituted(block)}\npwd > ${state}.cwd\nenv -0 > ${state}.env\n`;
    const output = succeeded(await runCommand('bash', ['-c', script], cwd, env));
    cwd = (await readFile(`${state}.cwd`, 'utf8')).trim();
    const exported = (await readFile(`${state}.env`, 'utf8')).split('\0').filter((l) => l.includes('='));
    env = Object.fromEntries(
      exported
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)])
        .filter(([key]) => !['PWD', 'OLDPWD', 'SHLVL', '_'].includes(key ?? '')),
    );
    return output;
  }

  async function run(step: Step): Promise<void> {
    switch (step.kind) {
      case 'file':
        await writeFile(join(cwd, step.path), step.body);
        return;
      case 'sh':
        outputs.set(step.id ?? String(step.index), await shell(step.body));
        return;
      case 'background': {
        const started = new Background('bash', ['-c', substituted(step.body)], cwd, env);
        background.push(started);
        const until = step.until;
        if (until === undefined) return;
        await eventually(
          async () => {
            if (started.output.includes(until)) return;
            const exited = await Promise.race([started.exited, new Promise((r) => setTimeout(r, 0, 'running'))]);
            throw new Error(`"${until}" not printed yet (${exited === 'running' ? 'running' : `exited ${exited}`})`);
          },
          120_000,
          200,
        ).catch((err: Error) => {
          throw new Error(`${err.message}\n${started.output}`);
        });
        return;
      }
      case 'excerpt':
        throw new Error('docs/tutorial.md shows no excerpt: this suite does not check them');
      case 'skip':
        return;
    }
  }

  it('marks every code block of the page: each one is written or run, but the one it says', async () => {
    const fences = (await readFile(page, 'utf8')).match(/^```\w+$/gm) ?? [];
    expect(steps).toHaveLength(fences.length);
    expect(steps.filter((s) => s.kind === 'skip')).toHaveLength(1);
    expect(steps.flatMap((s) => (s.kind === 'file' ? [s.path] : []))).toEqual([
      'src/api/v1alpha1/memcached.types.ts',
      'config/samples/cache_v1alpha1_memcached.yaml',
      'src/controllers/memcached.controller.ts',
      'src/controllers/memcached.controller.spec.ts',
      'test/memcached.controller.int.spec.ts',
      'test/memcached.torture.ts',
    ]);
  });

  it('walks the page: init, create api, the API and the controller, manifests, tests, torture, a run', async () => {
    for (const step of steps) {
      try {
        await run(step);
      } catch (err) {
        failed = `step ${step.index} (${step.kind} at line ${step.line} of docs/tutorial.md)`;
        const running = background.map((b, i) => `\n--- background ${i + 1}:\n${b.output}`).join('');
        throw new Error(`${failed}: ${(err as Error).message}${running}`, { cause: err });
      }
    }
    expect(relative(workspace, cwd)).toMatch(/^\.\.\//); // the project is outside the workspace
    expect(dirname(cwd)).toBe(root);
  }, 900_000);

  const walked = () => {
    if (failed !== undefined) throw new Error(`the walk stopped at ${failed}`);
    return outputs;
  };

  it('installed packages that serve every entry point of their exports', async () => {
    walked();
    const specifiers: string[] = [];
    for (const dir of ['core', 'crd', 'cli', 'testing']) {
      const manifest = JSON.parse(await readFile(join(workspace, 'packages', dir, 'package.json'), 'utf8'));
      for (const subpath of Object.keys(manifest.exports)) {
        // @operant/testing/jest needs @jest/globals, which exists only inside jest: the project's suites load it
        if (subpath === './package.json' || subpath === './jest') continue;
        specifiers.push(`${manifest.name}${subpath.slice(1)}`);
      }
    }
    expect(specifiers).toContain('@operant/crd/metadata');
    const script = `for (const s of ${JSON.stringify(specifiers)}) await import(s); console.log('imported');`;
    const run = await runCommand(process.execPath, ['--input-type=module', '-e', script], cwd, env);
    expect(succeeded(run)).toMatch(/imported$/m);
  });

  it('generated the CRD and the manager role section 6 describes', async () => {
    walked();
    const crd = parse(await readFile(join(cwd, 'config/crd/bases/cache.example.com_memcacheds.yaml'), 'utf8'));
    const { spec, status } = crd.spec.versions[0].schema.openAPIV3Schema.properties;
    expect(spec.properties.size).toMatchObject({ type: 'integer', minimum: 1, maximum: 3 });
    expect(status.properties.conditions).toMatchObject({
      type: 'array',
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['type'],
      items: { required: expect.arrayContaining(['type', 'status', 'lastTransitionTime', 'reason', 'message']) },
    });
    const role = parse((await readFile(join(cwd, 'config/rbac/role.yaml'), 'utf8')).split('---\n')[1] ?? '');
    expect(role.rules.map((r: { resources: string[] }) => r.resources.join())).toEqual([
      'deployments',
      'memcacheds',
      'memcacheds/finalizers',
      'memcacheds/status',
    ]);
  });

  it('ran the unit test without a control plane, and every suite of pnpm test (none skipped)', () => {
    const unit = walked().get('unit') ?? '';
    expect(unit).toMatch(/Tests: +3 passed, 3 total/);
    expect(unit).toMatch(/PASS unit /);
    expect(unit).not.toMatch(/PASS integration /);
    const all = walked().get('test') ?? '';
    expect(all).toMatch(/Test Suites: 3 passed, 3 total/);
    expect(all).toMatch(/Tests: +6 passed, 6 total/);
    expect(all).not.toMatch(/skipped/);
  });

  it('ran the operator under torture: every run ended as the clean one, the stale read of section 5 included', () => {
    const sampled = walked().get('torture') ?? '';
    expect(sampled).toMatch(/^\[1\/9\] reference {2}ok {2}\d+\.\d s$/m);
    expect(sampled).toMatch(/^perturbation {2}runs {2}divergences +time$/m);
    expect(sampled).toMatch(/^total +\d+ +0 +\d+\.\d s$/m);
    expect(sampled).toContain('no divergence: every perturbed run ended as the reference did');
    const replayed = walked().get('torture-replay') ?? '';
    // "ok", not "ok (point not reached)": the controller read the Memcached stale, and coped
    expect(replayed).toMatch(/^\[2\/2\] staleRead:1:Memcached\/cache@2#2 {2}ok {2}\d+\.\d s$/m);
    expect(replayed).toMatch(/^staleRead +1 +0 /m);
  });

  it('reconciled the sample into its Deployment on the local control plane, and scaled it', () => {
    expect(walked().get('deployment')?.split('\n').at(-1)).toBe('1');
    const scaled = walked().get('scaled') ?? '';
    expect(scaled).toContain('deployment.apps/memcached-sample condition met');
    expect(scaled).toMatch(/memcached-sample +2 +True/);
  });

  describe('the project’s pnpm test', () => {
    it('starts no control plane for unit tests only, and does for the integration suites', async () => {
      walked();
      const assets = await recordingAssets(root);
      const withAssets = { ...env, KUBEBUILDER_ASSETS: assets.dir };
      const unit = await runCommand('pnpm', ['test', '--selectProjects', 'unit'], cwd, withAssets);
      expect(succeeded(unit)).toMatch(/Tests: +3 passed, 3 total/);
      expect(await assets.spawned()).toBe('');
      // the same binaries are found and started when an integration suite is selected
      const integration = await runCommand('pnpm', ['test', '--selectProjects', 'integration'], cwd, withAssets);
      expect(integration.code).not.toBe(0);
      expect(await assets.spawned()).toMatch(/^etcd$/m);
    }, 120_000);

    it('fails on a type error in a test, before jest runs', async () => {
      walked();
      const spec = join(cwd, 'src/controllers/typo.spec.ts');
      await writeFile(
        spec,
        [
          "import { expect, it } from '@jest/globals';",
          "import { Memcached } from '../api/v1alpha1/index.js';",
          "it('reads the size', () => expect(new Memcached().spec?.sise).toBeUndefined());",
          '',
        ].join('\n'),
      );
      try {
        const run = await runCommand('pnpm', ['test', '--selectProjects', 'unit'], cwd, env);
        expect(run.code).not.toBe(0);
        expect(run.output).toMatch(
          /src\/controllers\/typo\.spec\.ts\(3,\d+\): error TS\d+: Property 'sise' does not exist/,
        );
        expect(run.output).not.toMatch(/Tests:/);
      } finally {
        await rm(spec);
      }
    }, 120_000);
  });
});
