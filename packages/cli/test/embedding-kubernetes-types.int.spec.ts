// docs/embedding-kubernetes-types.md, run in the workspace. The page's marked blocks
// (`<!-- tutorial-test: … -->`, read as docs/tutorial.md's are) are written into a temporary
// folder in packages/cli, where the workspace's packages resolve as they do for this package
// (and which no jest project's testMatch reaches); nothing is packed or installed (the
// tutorial's suite checks that path).
// The folder is type-checked with tsc; its `sh` blocks run with `operant` being this
// workspace's built CLI; each excerpt is compared with the file the run wrote, and the
// figures of the page's prose with the generated CRD; the CRD is installed on the global
// setup's control plane; then the page's spec files are imported into this suite, so they
// run here, after these checks, the integration one against that control plane.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from '@jest/globals';
import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import type { JSONSchemaProps } from '@operant/crd';
import { installCrds, uninstallCrds } from '@operant/testing';
import { describeOrSkip, sharedKubeConfig } from '@operant/testing/jest';
import { parse } from 'yaml';
import { controlPlaneSkipReason } from '../../testing/src/jest/shared.js';
import { operant } from './fixtures/operant-bin.js';
import { childEnv, runCommand, succeeded } from './fixtures/processes.js';
import { tutorialSteps } from './fixtures/tutorial-steps.js';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));
const pageName = 'docs/embedding-kubernetes-types.md';
const page = readFileSync(join(workspace, pageName), 'utf8');
const steps = tutorialSteps(page, pageName);
const skip = controlPlaneSkipReason();
const crdFile = 'config/crd/bases/tasks.example.com_scheduledtasks.yaml';

// written at load time: the page's spec files are imported below, while jest collects the suite
const root = mkdtempSync(join(fileURLToPath(new URL('../', import.meta.url)), '.embedding-kubernetes-types-'));
for (const step of steps) {
  if (step.kind !== 'file') continue;
  mkdirSync(dirname(join(root, step.path)), { recursive: true });
  writeFileSync(join(root, step.path), step.body);
}
// a scaffolded project's compiler options; packages resolve from packages/cli/node_modules (their dist/)
writeFileSync(
  join(root, 'tsconfig.json'),
  JSON.stringify({
    extends: relative(root, join(workspace, 'tsconfig.base.json')),
    compilerOptions: { noEmit: true, composite: false, incremental: false, declaration: false, declarationMap: false },
    include: ['**/*.ts'],
  }),
);

let installed: V1CustomResourceDefinition[] = [];
afterAll(async () => {
  if (installed.length > 0) await uninstallCrds(sharedKubeConfig(), installed);
  await rm(root, { recursive: true, force: true });
}, 60_000);

/** The node at a dotted path (`spec.versions.0.schema`). */
const at = (value: unknown, path: string): unknown =>
  path.split('.').reduce((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);

/** The lines of the YAML node under `key:` at `indent` spaces in `text`, the key's line included. */
function nodeLines(text: string, key: string, indent: number): number {
  const lines = text.split('\n');
  const start = lines.indexOf(`${' '.repeat(indent)}${key}:`);
  expect(start).toBeGreaterThanOrEqual(0);
  // the blank lines of a block scalar (`description: |-`) end nothing
  const end = lines.findIndex((l, i) => i > start && l !== '' && l.length - l.trimStart().length <= indent);
  return end - start;
}

const specProperties = 'spec.versions.0.schema.openAPIV3Schema.properties.spec.properties';

describeOrSkip(pageName, skip, () => {
  it('marks every code block of the page: each one is written, run or compared, but the ones it says', () => {
    const fences = page.match(/^```\w+$/gm) ?? [];
    expect(steps).toHaveLength(fences.length);
    expect(steps.filter((s) => s.kind === 'skip').map((s) => s.body.split('\n')[0])).toEqual([
      'type ScheduledTaskSpec struct {',
      'pnpm test',
    ]);
    expect(steps.flatMap((s) => (s.kind === 'file' ? [s.path] : []))).toEqual([
      'src/api/v1/scheduled-task.types.ts',
      'src/api/v1/scheduled-task.types.spec.ts',
      'src/controllers/scheduled-task.controller.ts',
      'src/app.module.ts',
      'src/controllers/scheduled-task.controller.spec.ts',
      'test/scheduled-task.int.spec.ts',
    ]);
  });

  it('compiles: tsc finds no error in the page’s TypeScript', async () => {
    const tsc = join(workspace, 'node_modules/typescript/bin/tsc');
    const run = await runCommand(process.execPath, [tsc, '-p', join(root, 'tsconfig.json')], root, childEnv);
    expect(run.output.slice(run.output.indexOf('\n') + 1)).toBe(''); // after the command line
    expect(run.code).toBe(0);
  }, 120_000);

  it('runs the shell blocks with this workspace’s operant, and writes the CRD', async () => {
    const bin = await mkdtemp(join(tmpdir(), 'operant-bin-'));
    try {
      const cli = fileURLToPath(new URL('../dist/main.js', import.meta.url));
      await writeFile(join(bin, 'operant'), `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`);
      await chmod(join(bin, 'operant'), 0o755);
      const env = { ...childEnv, PATH: `${bin}:${childEnv.PATH ?? process.env.PATH}` };
      for (const step of steps) {
        if (step.kind === 'sh')
          succeeded(await runCommand('bash', ['-c', `set -eo pipefail\n${step.body}`], root, env));
      }
    } finally {
      await rm(bin, { recursive: true, force: true });
    }
    expect(parse(await readFile(join(root, crdFile), 'utf8')).metadata.name).toBe('scheduledtasks.tasks.example.com');
  }, 120_000);

  it('shows excerpts of the files written, and the size of the embedded pod template', async () => {
    const excerpts = steps.flatMap((s) => (s.kind === 'excerpt' ? [s] : []));
    expect(excerpts.map((e) => `${e.path} ${e.at}`)).toEqual([`${crdFile} ${specProperties}`]);
    for (const excerpt of excerpts) {
      const written = parse(await readFile(join(root, excerpt.path), 'utf8'));
      expect(at(written, excerpt.at)).toMatchObject(parse(excerpt.body));
    }
    const text = await readFile(join(root, crdFile), 'utf8');
    // spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.template
    const lines = nodeLines(text, 'template', 16);
    const shown = /`spec\.template` alone is ([\d,]+) lines of YAML/.exec(page)?.[1];
    expect(shown?.replaceAll(',', '')).toBe(String(lines));
  });

  it('writes the pod template controller-gen writes: the one of the differential test’s fixture', async () => {
    // packages/cli/src/crd-gen/controller-gen.spec.ts finds this fixture's CRD equal to controller-gen's
    const out = await mkdtemp(join(tmpdir(), 'k8s-types-fixture-'));
    try {
      const fixture = fileURLToPath(new URL('fixtures/k8s-types/api.ts', import.meta.url));
      expect(await operant('crd-gen', fixture, '--out', out)).toMatchObject({ code: 0, stderr: '' });
      const theirs = parse(await readFile(join(out, 'batch.example.com_workloads.yaml'), 'utf8'));
      const ours = parse(await readFile(join(root, crdFile), 'utf8'));
      const template = (crd: unknown) => ({ ...(at(crd, `${specProperties}.template`) as JSONSchemaProps) });
      expect(template(ours)).toEqual({ ...template(theirs), description: "The pod each run's Job runs." });
      expect(at(ours, `${specProperties}.resources.properties`)).toEqual(
        at(theirs, `${specProperties}.resources.properties`),
      );
      expect(at(ours, `${specProperties}.tolerations.items`)).toEqual(
        at(theirs, `${specProperties}.tolerations.items`),
      );
      expect(at(ours, 'spec.versions.0.schema.openAPIV3Schema.properties.status.properties.lastRunTime')).toEqual({
        description: 'When the controller created the last Job.',
        format: 'date-time',
        type: 'string',
      });
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 60_000);

  it('installs the generated CRD on the API server', async () => {
    installed = await installCrds(sharedKubeConfig(), { paths: [join(root, 'config/crd/bases')] });
    expect(installed.map((c) => c.metadata?.name)).toEqual(['scheduledtasks.tasks.example.com']);
  }, 60_000);
});

// the page's specs, in its order: they run after the checks above (jest runs suites in the order they are declared)
if (skip === undefined) {
  for (const step of steps) {
    if (step.kind === 'file' && step.path.endsWith('.spec.ts')) await import(join(root, step.path));
  }
}
