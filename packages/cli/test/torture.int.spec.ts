// `operant torture` from the built binary, as CI runs it: a reconciler whose child has a
// generated name that only its parent's status remembers is found under `crash` on an envtest
// the command starts itself (exit 1, the report and the replay command printed, one line per
// run on a non-terminal); the printed replay reproduces it; the fixed reconciler, with its
// scenario from --scenario, passes on the shared control plane (exit 0 and the table); with
// generated scenarios, a counterexample and its replay exit 1; a budget spent before any
// perturbed run, and an entry that does not load, cannot judge (exit 2).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import { buildCrd } from '@operant/crd/schema';
import { installCrds } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { stringify } from 'yaml';
import { Gadget, Gizmo } from '../../testing/test/fixtures/gadgets.js';
import { Flock } from '../../testing/test/fixtures/torture-generated.js';
import { operant } from './fixtures/operant-bin.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const buggy = fixture('torture-one-child-buggy.ts');
const fixed = fixture('torture-one-child-fixed.ts');

describeWithControlPlane('operant torture', () => {
  let dir: string;
  let crds: string;
  let kubeconfig: string;
  let scenario: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operant-torture-'));
    crds = join(dir, 'crds');
    const objects = [buildCrd(Gadget), buildCrd(Gizmo)] as unknown as V1CustomResourceDefinition[];
    await mkdir(crds);
    await writeFile(join(crds, 'gadgets.yaml'), objects.map((o) => stringify(o)).join('---\n'));
    await installCrds(sharedKubeConfig(), {
      objects: [...objects, buildCrd(Flock) as unknown as V1CustomResourceDefinition],
    });
    kubeconfig = join(dir, 'kubeconfig');
    await writeFile(kubeconfig, sharedKubeConfig().exportConfig());
    scenario = join(dir, 'scenario.yaml');
    await writeFile(
      scenario,
      [
        '- action: apply',
        '  object:',
        '    apiVersion: conformance.operant.test/v1',
        '    kind: Gadget',
        '    metadata: { name: web }',
        '    spec: { replicas: 2 }',
        '',
      ].join('\n'),
    );
  }, 60_000);

  afterAll(() => rm(dir, { recursive: true, force: true }));

  let replayLine: string | undefined;

  it('finds the second child after a crash on an envtest of its own, and prints the report and the replay', async () => {
    const run = await operant('torture', buggy, '--crds', crds);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`operant torture: ${buggy} on envtest with the CRDs of ${crds}`);
    expect(run.stderr).toMatch(/^\[1\/4\] reference {2}ok {2}\d+\.\d s$/m);
    expect(run.stderr).toMatch(/^\[2\/4\] crash:1:after-1 {2}diverged {2}\d+\.\d s$/m);
    expect(run.stdout).toMatch(/^perturbation {2}runs {2}divergences +time$/m);
    expect(run.stdout).toMatch(/^crash +1 +1 +\d+\.\d s$/m);
    expect(run.stdout).toContain('the end state diverged under crash:1:after-1');
    expect(run.stdout).toContain('+ Gizmo web-<generated>: 2 in this run, 1 in the reference');
    expect(run.stdout).toContain('one Gizmo per Gadget: more than one Gizmo owned by Gadget web');
    replayLine = run.stdout.match(/^replay: (operant torture .*)$/m)?.[1];
    expect(replayLine).toBe(`operant torture ${buggy} --crds ${crds} --replay crash:1:after-1`);
  }, 120_000);

  it('reproduces the divergence with the replay it printed', async () => {
    const [, ...args] = (replayLine ?? 'operant torture (no replay printed)').split(' ');
    const run = await operant(...args);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^\[1\/2\] reference {2}ok/m);
    expect(run.stderr).toMatch(/^\[2\/2\] crash:1:after-1 {2}diverged/m);
    expect(run.stdout).toMatch(/^total +2 +1 +\d+\.\d s$/m);
    expect(run.stdout).toContain('+ Gizmo web-<generated>: 2 in this run, 1 in the reference');
  }, 120_000);

  it('passes the fixed reconciler, its scenario from --scenario, on the cluster of --kubeconfig', async () => {
    const run = await operant('torture', fixed, '--scenario', scenario, '--kubeconfig', kubeconfig, '--seed', '3');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`on the cluster of ${kubeconfig}`);
    expect(run.stdout).toMatch(
      /^perturbation {2}runs {2}divergences +time\nreference +1 +0 +\d+\.\d s\ncrash +3 +0 +\d+\.\d s\ntotal +4 +0 +\d+\.\d s\n/,
    );
    expect(run.stdout).toContain('no divergence: every perturbed run ended as the reference did');
    expect(run.stderr).toMatch(/^\[4\/4\] crash:3:after-2 {2}ok/m);
  }, 120_000);

  it('prints the counterexample of generated scenarios and its replay, which reproduces it', async () => {
    const entry = fixture('torture-flock-buggy.ts');
    const run = await operant('torture', entry, '--kubeconfig', kubeconfig);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`operant torture: ${entry} on the cluster of ${kubeconfig}: generated scenarios`);
    expect(run.stdout).toMatch(/^generated +\d+ +[1-9]\d* +\d+\.\d s$/m);
    expect(run.stdout).toContain('    1. create Flock generated with spec {"replicas":0}');
    const replay = run.stdout.match(
      /^replay: operant torture \S+ --kubeconfig \S+ --replay (generated:1:[0-9:]+)$/m,
    )?.[1];
    expect(replay).toBeDefined();
    const replayed = await operant('torture', entry, '--kubeconfig', kubeconfig, '--replay', replay ?? '');
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toMatch(/^generated +1 +1 /m);
    expect(replayed.stdout).toContain('    1. create Flock generated with spec {"replicas":0}');
  }, 120_000);

  it('cannot judge when the budget is spent before any perturbed run', async () => {
    const run = await operant('torture', buggy, '--kubeconfig', kubeconfig, '--budget', '10ms');
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/^reference +1 +0/m);
    expect(run.stdout).toContain('the budget of 10ms was spent: 1 of 4 runs made, no new run started');
    expect(run.stderr).toContain('operant torture: cannot judge: the budget was spent before any perturbed run');
  }, 120_000);

  it('cannot judge an entry that does not load, or that lacks a scenario', async () => {
    const missing = await operant('torture', join(dir, 'nowhere.ts'), '--kubeconfig', kubeconfig);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`operant torture: cannot judge: unable to import ${join(dir, 'nowhere.ts')}`);
    const bare = await operant('torture', fixed, '--kubeconfig', kubeconfig);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain(`the torture options of ${fixed} lack scenario`);
  });
});
