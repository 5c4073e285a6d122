/**
 * The torture tester against the shared control plane: each buggy reconciler of
 * fixtures/torture-reconcilers.ts is found by its perturbation, the divergence's replay
 * reproduces it, and the fixed reconciler passes the same perturbation.
 */
import { beforeAll, expect, it } from '@jest/globals';
import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import { controllerManagedBy } from '@operant/core/builder';
import { resourceType } from '@operant/core/resources';
import { buildCrd } from '@operant/crd/schema';
import { installCrds } from '@operant/testing';
import { describeWithControlPlane, operantMatchers, sharedKubeConfig } from '@operant/testing/jest';
import { type ScenarioStep, TortureError, type TortureOptions, torture } from '@operant/testing/torture';

type TortureReport = Awaited<ReturnType<typeof torture>>;
type Invariant = NonNullable<TortureOptions['invariants']>[number];
type PerturbationKind = NonNullable<TortureOptions['perturbations']>[number];

import { Gadget, Gizmo } from './fixtures/gadgets.js';
import {
  OneChild,
  ReplicaChildren,
  ScaledChildren,
  setupNotifier,
  setupOf,
  TwoChildren,
} from './fixtures/torture-reconcilers.js';

expect.extend(operantMatchers);

const apply: ScenarioStep = {
  action: 'apply',
  object: {
    apiVersion: 'conformance.operant.test/v1',
    kind: 'Gadget',
    metadata: { name: 'web' },
    spec: { replicas: 2 },
  },
};

const gadgetRef = { apiVersion: 'conformance.operant.test/v1', kind: 'Gadget', name: 'web' };

const oneGizmoPerGadget: Invariant = {
  name: 'exactly one Gizmo per Gadget',
  check: (state) => {
    const count = state.Gizmo?.length ?? 0;
    return count === (state.Gadget?.length ?? 0)
      ? undefined
      : `${count} Gizmos for ${state.Gadget?.length ?? 0} Gadget`;
  },
};

function options(setup: TortureOptions['setup'], perturbation: PerturbationKind): TortureOptions {
  return {
    kubeConfig: sharedKubeConfig(),
    setup,
    scenario: [apply],
    kinds: [Gadget, Gizmo],
    perturbations: [perturbation],
    maxRunsPerPerturbation: 12,
    settleMs: 400,
    stepBudgetMs: 20_000,
    staleWindowMs: 800,
  };
}

/**
 * Runs the buggy variant, expects a divergence, replays it (through the option, or through
 * OPERANT_TORTURE_REPLAY), and returns both reports.
 */
async function findAndReplay(
  o: TortureOptions,
  via: 'option' | 'env' = 'option',
): Promise<[TortureReport, TortureReport]> {
  const found = await torture(o);
  expect(found.divergence).toBeDefined();
  const replay = found.divergence?.replay;
  if (via === 'env') process.env.OPERANT_TORTURE_REPLAY = replay;
  const replayed = await torture(via === 'env' ? o : { ...o, replay }).finally(() => {
    delete process.env.OPERANT_TORTURE_REPLAY;
  });
  expect(replayed.runs.map((r) => r.name)).toEqual(['reference', found.divergence?.replay]);
  expect(replayed.divergence?.diff).toEqual(found.divergence?.diff);
  return [found, replayed];
}

describeWithControlPlane('torture', () => {
  beforeAll(async () => {
    await installCrds(sharedKubeConfig(), {
      objects: [buildCrd(Gadget), buildCrd(Gizmo)] as unknown as V1CustomResourceDefinition[],
    });
  }, 60_000);

  it('finds a second child made after a crash between its create and the status write', async () => {
    const [found] = await findAndReplay(
      {
        ...options(setupOf(OneChild, 'buggy'), 'crash'),
        invariants: [oneGizmoPerGadget],
      },
      'env',
    );
    expect(found.divergence?.replay).toMatch(/^crash:1:after-1$/);
    expect(found.divergence?.injection?.on).toMatch(/^create Gizmo torture-[0-9a-f]+\/web-\*$/);
    expect(found.divergence?.injection).toMatchObject({ controller: 'onechild-buggy', reconcile: 1 });
    expect(found.divergence?.diff).toContain('+ Gizmo web-<generated>: 2 in this run, 1 in the reference');
    expect(found.divergence?.violations).toEqual(['exactly one Gizmo per Gadget: 2 Gizmos for 1 Gadget']);
    expect(found.divergence?.message).toContain("replay: torture({ ...options, replay: 'crash:1:after-1' })");
  }, 120_000);

  it('passes the child named after its Gadget under every crash point', async () => {
    const report = await torture({ ...options(setupOf(OneChild, 'fixed'), 'crash'), invariants: [oneGizmoPerGadget] });
    expect(report.divergence?.message).toBeUndefined();
    expect(report.runs.map((r) => r.name)).toEqual([
      'reference',
      'crash:1:after-1',
      'crash:1:before-2',
      'crash:1:after-2',
    ]);
    expect(report.runs.slice(1).every((r) => r.restarts === 1)).toBe(true);
  }, 120_000);

  it('finds "done" recorded before the second child when a write fails', async () => {
    const [found] = await findAndReplay(options(setupOf(TwoChildren, 'buggy'), 'writeFailure'));
    expect(found.divergence?.diff).toEqual(['- Gizmo web-b: 0 in this run, 1 in the reference']);
    // the status write is write 2: it failed after it was applied, or write 3 (child B) failed
    expect(found.divergence?.replay).toMatch(/^writeFailure:1:(2-lostResponse|3-(unavailable|tooManyRequests))$/);
  }, 120_000);

  it('passes the status written after both children under every failed write', async () => {
    const report = await torture(options(setupOf(TwoChildren, 'fixed'), 'writeFailure'));
    expect(report.divergence?.message).toBeUndefined();
    expect(report.runs.map((r) => r.name)).toEqual([
      'reference',
      ...['1-unavailable', '1-lostResponse', '1-tooManyRequests', '2-unavailable', '2-lostResponse'].map(
        (point) => `writeFailure:1:${point}`,
      ),
      ...['2-tooManyRequests', '3-conflict', '3-unavailable', '3-lostResponse', '3-tooManyRequests'].map(
        (point) => `writeFailure:1:${point}`,
      ),
    ]);
  }, 120_000);

  it('finds children deleted because a stale cache shows their Gadget gone', async () => {
    const [found] = await findAndReplay(options(setupOf(ReplicaChildren, 'buggy'), 'staleRead'));
    expect(found.divergence?.injection?.what).toContain('showing the object absent');
    expect(found.divergence?.diff).toEqual([
      '- Gizmo web-0: 0 in this run, 1 in the reference',
      '- Gizmo web-1: 0 in this run, 1 in the reference',
    ]);
  }, 180_000);

  it('passes the reconciler that leaves the children to the garbage collector under stale reads', async () => {
    const report = await torture(options(setupOf(ReplicaChildren, 'fixed'), 'staleRead'));
    expect(report.divergence?.message).toBeUndefined();
    expect(report.runs.length).toBeGreaterThan(2);
    expect(report.runs.slice(1).every((r) => r.injection !== undefined)).toBe(true);
  }, 180_000);

  it('finds children scaled down to a stale replica count that never come back', async () => {
    const scaleUp: ScenarioStep = { action: 'patch', object: gadgetRef, patch: { spec: { replicas: 3 } } };
    const [found] = await findAndReplay({
      ...options(setupOf(ScaledChildren, 'buggy'), 'staleRead'),
      scenario: [apply, scaleUp],
    });
    expect(found.divergence?.injection?.what).toContain('showing resourceVersion');
    expect(found.divergence?.injection?.what).toContain('generation 1)');
    expect(found.divergence?.diff).toEqual(['- Gizmo web-2: 0 in this run, 1 in the reference']);

    const fixedOptions = { ...options(setupOf(ScaledChildren, 'fixed'), 'staleRead'), scenario: [apply, scaleUp] };
    const atThePoint = await torture({ ...fixedOptions, replay: found.divergence?.replay });
    expect(atThePoint.runs[1]?.injection?.what).toContain('generation 1)');
    expect(atThePoint.divergence?.message).toBeUndefined();
    const fixed = await torture({ ...fixedOptions, maxRunsPerPerturbation: 4 });
    expect(fixed.divergence?.message).toBeUndefined();
    expect(fixed.runs.length).toBeGreaterThan(2);
  }, 240_000);

  it('finds a transition a watch that coalesces updates never shows', async () => {
    const [found] = await findAndReplay(options(setupNotifier('buggy'), 'missedState'));
    expect(found.divergence?.injection?.what).toMatch(
      /^missed states from update event Gadget\/web#\d+ \(a window of \d+ ms\): 2 update events, delivered as one$/,
    );
    expect(found.divergence?.diff).toEqual(['- Gizmo web-ready: 0 in this run, 1 in the reference']);

    const atThePoint = await torture({
      ...options(setupNotifier('fixed'), 'missedState'),
      replay: found.divergence?.replay,
    });
    expect(atThePoint.runs[1]?.injection?.what).toMatch(/2 update events, delivered as one$/);
    expect(atThePoint.divergence?.message).toBeUndefined();
    const fixed = await torture(options(setupNotifier('fixed'), 'missedState'));
    expect(fixed.divergence?.message).toBeUndefined();
    expect(fixed.runs.length).toBeGreaterThan(2);
  }, 120_000);

  it('runs patch and delete steps, and compares their end state', async () => {
    const report = await torture({
      ...options(setupOf(TwoChildren, 'fixed'), 'crash'),
      scenario: [
        apply,
        {
          action: 'patch',
          object: gadgetRef,
          patch: { metadata: { labels: { tier: 'front' } }, spec: { replicas: 3 } },
        },
        { action: 'delete', object: { apiVersion: 'conformance.operant.test/v1', kind: 'Gizmo', name: 'web-a' } },
      ],
      ignoreFields: ['status.conditions'],
      maxRunsPerPerturbation: 2,
    });
    expect(report.divergence?.message).toBeUndefined();
    expect(report.runs).toHaveLength(3);
    expect(report.reference.Gadget).toEqual([
      {
        apiVersion: 'conformance.operant.test/v1',
        kind: 'Gadget',
        metadata: { name: 'web', labels: { tier: 'front' } },
        spec: { replicas: 3 },
        status: { phase: 'Ready' },
      },
    ]);
    expect(report.reference.Gizmo?.map((g) => g.metadata?.name)).toEqual(['web-b']);
  }, 120_000);

  it('refuses to judge when a step fails in the reference run', async () => {
    const missing = { apiVersion: 'conformance.operant.test/v1', kind: 'Gadget', name: 'nowhere' };
    const err = await torture({
      ...options(setupOf(TwoChildren, 'fixed'), 'crash'),
      scenario: [{ action: 'patch', object: missing, patch: { spec: { replicas: 3 } } }],
    }).catch((e: unknown) => e);
    expect(TortureError.is(err, 'reference')).toBe(true);
    expect((err as Error).message).toMatch(
      /^unable to make the reference run: unable to patch Gadget nowhere in torture-[0-9a-f]+: unable to patch Gadget torture-[0-9a-f]+\/nowhere: /,
    );
  }, 60_000);

  it('refuses to judge a reference run whose reconciles keep failing', async () => {
    const failing: TortureOptions['setup'] = (mgr) => {
      controllerManagedBy(mgr)
        .for(Gadget)
        .named('failing')
        .complete({
          reconcile: async () => {
            throw new Error('unable to reach the backend');
          },
        });
    };
    const err = await torture(options(failing, 'crash')).catch((e: unknown) => e);
    expect(TortureError.is(err, 'reference')).toBe(true);
    expect((err as Error).message).toMatch(
      /^unable to make the reference run: step 1 \(apply Gadget web\) did not become quiet: controller failing is in an error loop on torture-[0-9a-f]+\/web: its last 5 reconciles failed, the last with: unable to reach the backend$/,
    );
  }, 60_000);

  it('refuses to judge when the manager cannot start', async () => {
    const Unserved = resourceType({
      group: 'nowhere.operant.test',
      version: 'v1',
      kind: 'Unserved',
      plural: 'unserveds',
      namespaced: true,
    });
    const err = await torture({
      ...options((mgr) => {
        controllerManagedBy(mgr)
          .for(Unserved)
          .complete({ reconcile: async () => undefined });
      }, 'crash'),
      stepBudgetMs: 2_000,
    }).catch((e: unknown) => e);
    expect(TortureError.is(err, 'scenario')).toBe(true);
    expect((err as Error).message).toMatch(/^unable to start the manager for Namespace torture-[0-9a-f]+: /);
  }, 60_000);

  it('toSurviveTorture passes a controller whose every run ends as the reference did', async () => {
    const { setup: _, ...rest } = options(setupOf(OneChild, 'fixed'), 'crash');
    await expect(setupOf(OneChild, 'fixed')).toSurviveTorture(rest);
    await expect(setupOf(OneChild, 'buggy')).not.toSurviveTorture(rest);
  }, 120_000);

  it("toSurviveTorture fails with the divergence's report and its replay", async () => {
    const { setup: _, ...rest } = options(setupOf(OneChild, 'buggy'), 'crash');
    const failed = await expect(setupOf(OneChild, 'buggy'))
      .toSurviveTorture(rest)
      .then(
        () => undefined,
        (err: Error) => err.message,
      );
    expect(failed).toMatch(
      /^expected the controller to survive torture \(2 runs in [0-9.]+ s\):\nthe end state diverged under crash:1:after-1\n/,
    );
    expect(failed).toContain('+ Gizmo web-<generated>: 2 in this run, 1 in the reference');
    expect(failed).toContain("replay: torture({ ...options, replay: 'crash:1:after-1' })");
  }, 120_000);
});
