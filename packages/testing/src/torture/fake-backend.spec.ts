/**
 * The fake backend (`backend: 'fake'`), without a control plane: the cases of
 * test/fixtures/torture-cases.ts that test/torture.int.spec.ts runs on envtest — each buggy
 * reconciler found by the same perturbation, its replay reproducing it, the fixed one passing
 * — then what the fake models for them: the garbage collector, the CRDs' defaults and
 * validation; the generated scenarios and the matcher.
 */
import { describe, expect, it } from '@jest/globals';
import { apply, gadgetRef, tortureCases, tortureOptions } from '../../test/fixtures/torture-cases.js';
import { Flock, flockConverged, setupFlock } from '../../test/fixtures/torture-generated.js';
import {
  DecoratedOneChild,
  OneChild,
  OneChildModule,
  ReplicaChildren,
  setupOf,
  TwoChildren,
} from '../../test/fixtures/torture-reconcilers.js';
import { operantMatchers } from '../jest/index.js';
import type { TortureOptions } from './options.js';
import { torture } from './torture.js';
import { TortureError } from './torture-error.js';

expect.extend(operantMatchers);

type PerturbationKind = NonNullable<TortureOptions['perturbations']>[number];

/** No kubeConfig: nothing but the fake. Timings shorter than on a control plane, where a run takes seconds. */
const where: Partial<TortureOptions> = { backend: 'fake', settleMs: 200, staleWindowMs: 600, stepBudgetMs: 10_000 };

const options = (setup: TortureOptions['setup'], perturbation: PerturbationKind) =>
  tortureOptions(where, setup, perturbation);

describe('torture on the fake backend', () => {
  tortureCases(torture, () => where);

  it('takes a @Controller class or an application @Module as the controller under test, and refuses a plain class', async () => {
    const found = await torture({ ...options(DecoratedOneChild, 'crash'), maxRunsPerPerturbation: 1 });
    // the buggy variant: a crash after its child's create leaves a second child with a generated name
    expect(found.divergence?.replay).toMatch(/^crash:1:(after|before)-\d+$/);
    expect(found.divergence?.message).toContain('Gizmo');
    const passed = await torture({ ...options(OneChildModule, 'crash'), maxRunsPerPerturbation: 2 });
    expect(passed.divergence?.message).toBeUndefined();
    expect(passed.runs).toHaveLength(3);
    expect(passed.reference.Gizmo?.map((g) => g.metadata?.name)).toEqual(['web-child']);
    class Undecorated {}
    const err = await torture(options(Undecorated, 'crash')).catch((e: unknown) => e);
    expect(TortureError.is(err, 'config')).toBe(true);
    expect((err as Error).message).toBe(
      'unable to register Undecorated as the controller under torture: a class must be decorated @Module or @Controller',
    );
  });

  it('collects the children of a deleted Gadget, as the garbage collector does', async () => {
    const deleted = await torture({
      ...options(setupOf(ReplicaChildren, 'fixed'), 'crash'),
      scenario: [apply, { action: 'delete', object: gadgetRef }],
      maxRunsPerPerturbation: 2,
    });
    // the fixed reconciler deletes nothing: the Gizmos it made (writes, hence crash points) went with their owner
    expect(deleted.divergence?.message).toBeUndefined();
    expect(deleted.runs).toHaveLength(3);
    expect(deleted.runs.slice(1).every((r) => r.restarts === 1)).toBe(true);
    expect(deleted.reference).toEqual({ Gadget: [], Gizmo: [] });
  });

  it('defaults and validates the custom resources as their CRDs would, and refuses what the API server refuses', async () => {
    const unset = { ...apply, object: { ...apply.object, spec: {} } } as typeof apply;
    const report = await torture({
      ...options(setupOf(TwoChildren, 'fixed'), 'crash'),
      scenario: [unset],
      maxRunsPerPerturbation: 1,
    });
    expect(report.reference.Gadget?.[0]).toMatchObject({ spec: { replicas: 1 }, status: { phase: 'Ready' } });

    const tooMany = { ...apply, object: { ...apply.object, spec: { replicas: 11 } } } as typeof apply;
    const err = await torture({ ...options(setupOf(TwoChildren, 'fixed'), 'crash'), scenario: [tooMany] }).catch(
      (e: unknown) => e,
    );
    expect(TortureError.is(err, 'reference')).toBe(true);
    expect((err as Error).message).toMatch(/^unable to make the reference run: unable to apply Gadget web in torture-/);
    expect((err as Error).message).toContain('spec.replicas');
  });

  it('refuses a control plane backend without a kubeConfig', async () => {
    const { backend: _, ...controlPlane } = options(setupOf(OneChild, 'fixed'), 'crash');
    const err = await torture(controlPlane).catch((e: unknown) => e);
    expect(TortureError.is(err, 'config')).toBe(true);
    expect((err as Error).message).toBe(
      'unable to torture on a control plane without kubeConfig (or use backend: "fake")',
    );
  });

  it('finds the generated error loop on replicas 0, and converges the fixed reconciler', async () => {
    const generated = (variant: 'buggy' | 'fixed'): TortureOptions => ({
      backend: 'fake',
      setup: setupFlock(variant),
      scenario: [],
      kinds: [Flock],
      settleMs: 200,
      stepBudgetMs: 10_000,
      generate: { for: Flock, converged: flockConverged, runs: 4 },
    });
    const found = await torture(generated('buggy'));
    expect(found.counterexample?.sequence).toEqual(['1. create Flock generated with spec {"replicas":0}']);
    const replayed = await torture({ ...generated('buggy'), replay: found.counterexample?.replay });
    expect(replayed.counterexample?.sequence).toEqual(found.counterexample?.sequence);
    const fixed = await torture(generated('fixed'));
    expect(fixed.counterexample?.message).toBeUndefined();
    expect(fixed.runs).toHaveLength(4);
  });

  it('toSurviveTorture runs on the fake backend too', async () => {
    const { setup: _, ...rest } = options(setupOf(OneChild, 'fixed'), 'crash');
    await expect(setupOf(OneChild, 'fixed')).toSurviveTorture(rest);
    await expect(setupOf(OneChild, 'buggy')).not.toSurviveTorture(rest);
  });
});
