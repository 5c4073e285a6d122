/**
 * The torture tester against the shared control plane: each buggy reconciler of
 * fixtures/torture-reconcilers.ts is found by its perturbation, the divergence's replay
 * reproduces it, and the fixed reconciler passes the same perturbation (the cases of
 * fixtures/torture-cases.ts; src/torture/fake-backend.spec.ts runs them on the fake backend).
 */
import { beforeAll, expect, it } from '@jest/globals';
import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import { controllerManagedBy } from '@operant/core/builder';
import { resourceType } from '@operant/core/resources';
import { buildCrd } from '@operant/crd/schema';
import { installCrds } from '@operant/testing';
import { describeWithControlPlane, operantMatchers, sharedKubeConfig } from '@operant/testing/jest';
import { TortureError, type TortureOptions, torture } from '@operant/testing/torture';
import { Gadget, Gizmo } from './fixtures/gadgets.js';
import { tortureCases, tortureOptions } from './fixtures/torture-cases.js';
import { OneChild, setupOf, TwoChildren } from './fixtures/torture-reconcilers.js';

type PerturbationKind = NonNullable<TortureOptions['perturbations']>[number];

expect.extend(operantMatchers);

const options = (setup: TortureOptions['setup'], perturbation: PerturbationKind) =>
  tortureOptions({ kubeConfig: sharedKubeConfig() }, setup, perturbation);

describeWithControlPlane('torture', () => {
  beforeAll(async () => {
    await installCrds(sharedKubeConfig(), {
      objects: [buildCrd(Gadget), buildCrd(Gizmo)] as unknown as V1CustomResourceDefinition[],
    });
  }, 60_000);

  tortureCases(torture, () => ({ kubeConfig: sharedKubeConfig() }));

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
