/**
 * Generated scenarios against the shared control plane: every spec drawn from Flock's schema
 * is accepted by the API server, the fixed reconciler converges after every step of every
 * sequence, and the buggy one's error loop on `replicas: 0` is found within the default
 * budget, shrunk to the one spec that causes it, and reproduced by its replay; the jest
 * matcher fails on it and passes the fixed one.
 */
import { beforeAll, expect, it } from '@jest/globals';
import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import type { Logger } from '@operant/core';
import { noopLogger } from '@operant/core/log';
import { buildCrd } from '@operant/crd/schema';
import { installCrds } from '@operant/testing';
import { describeWithControlPlane, operantMatchers, sharedKubeConfig } from '@operant/testing/jest';
import { TortureError, type TortureOptions, torture } from '@operant/testing/torture';
import { Flock, flockConverged, setupFlock } from './fixtures/torture-generated.js';

expect.extend(operantMatchers);

function options(variant: 'buggy' | 'fixed'): TortureOptions {
  return {
    kubeConfig: sharedKubeConfig(),
    setup: setupFlock(variant),
    scenario: [],
    kinds: [Flock],
    settleMs: 300,
    stepBudgetMs: 20_000,
    generate: { for: Flock, converged: flockConverged },
  };
}

describeWithControlPlane('torture with generated scenarios', () => {
  beforeAll(async () => {
    await installCrds(sharedKubeConfig(), { objects: [buildCrd(Flock)] as unknown as V1CustomResourceDefinition[] });
  }, 60_000);

  it('converges the fixed reconciler after every step of every generated sequence', async () => {
    const said: string[] = [];
    const logger: Logger = { ...noopLogger, info: (message) => said.push(message) };
    const progress: string[] = [];
    const onRun: TortureOptions['onRun'] = (run, { done, planned }) => progress.push(`${done}/${planned} ${run.name}`);
    const report = await torture({ ...options('fixed'), logger, onRun });
    expect(report.counterexample?.message).toBeUndefined();
    expect(progress).toEqual(Array.from({ length: 8 }, (_, i) => `${i + 1}/8 generated ${i + 1}`));
    // every spec of these sequences was accepted: a refused one is a TortureError
    expect(report.runs).toHaveLength(8);
    expect(report.runs.every((r) => !r.diverged)).toBe(true);
    const sequences = said.filter((line) => line.startsWith('torture: generated '));
    expect(sequences).toHaveLength(8);
    expect(sequences.some((line) => line.includes('4. change the spec to'))).toBe(true);
    expect(sequences.some((line) => line.includes('delete it'))).toBe(true);
    expect(sequences.some((line) => line.includes('"replicas":0'))).toBe(true);
  }, 240_000);

  it('finds the error loop on replicas 0, shrinks it to that spec, and replays it', async () => {
    const found = await torture(options('buggy'));
    const c = found.counterexample;
    expect(c?.sequence).toEqual(['1. create Flock generated with spec {"replicas":0}']);
    expect(c?.problem).toMatch(
      /^step 1 \(apply Flock generated\) did not become quiet: controller flock-buggy is in an error loop on torture-[0-9a-f]+\/generated: its last 5 reconciles failed, the last with: unable to split the load of Flock torture-[0-9a-f]+\/generated over 0 replicas$/,
    );
    expect(c?.replay).toMatch(/^generated:1:[0-9:]+$/);
    expect(c?.message).toContain(`replay: torture({ ...options, replay: '${c?.replay}' })`);

    process.env.OPERANT_TORTURE_REPLAY = c?.replay;
    const replayed = await torture(options('buggy')).finally(() => {
      delete process.env.OPERANT_TORTURE_REPLAY;
    });
    expect(replayed.runs).toHaveLength(1);
    expect(replayed.counterexample?.sequence).toEqual(c?.sequence);
    expect(replayed.counterexample?.problem).toMatch(/is in an error loop on .* over 0 replicas$/);

    const fixedAtTheReplay = await torture({ ...options('fixed'), replay: c?.replay });
    expect(fixedAtTheReplay.runs).toHaveLength(1);
    expect(fixedAtTheReplay.counterexample).toBeUndefined();

    // the matcher fails on the counterexample, with its shrunk sequence, and passes the fix
    const { setup: _, ...atTheReplay } = { ...options('buggy'), replay: c?.replay };
    const failure = await expect(setupFlock('buggy'))
      .toSurviveTorture(atTheReplay)
      .catch((e: unknown) => e);
    expect((failure as Error).message).toContain('1. create Flock generated with spec {"replicas":0}');
    await expect(setupFlock('fixed')).toSurviveTorture(atTheReplay);
  }, 300_000);

  it('reports a controller that never catches up with the spec', async () => {
    const report = await torture({
      ...options('fixed'),
      generate: { for: Flock, runs: 2, converged: () => false },
    });
    expect(report.counterexample?.problem).toMatch(
      /^step 1 \(apply Flock generated\) did not converge: Flock torture-[0-9a-f]+\/generated has not converged: status \{.*\} for spec \{.*\}$/,
    );
    expect(report.counterexample?.sequence).toEqual(['1. create Flock generated with spec {}']);
  }, 120_000);

  it('refuses a replay that is not a generated one', async () => {
    const err = await torture({ ...options('fixed'), replay: 'crash:1:after-1' }).catch((e: unknown) => e);
    expect(TortureError.is(err, 'invalidReplay')).toBe(true);
    expect((err as Error).message).toContain('expected generated:<seed>:<path>');
  }, 60_000);
});
