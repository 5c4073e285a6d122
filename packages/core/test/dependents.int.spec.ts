/**
 * Dependents on the real control plane: children applied from a primary with its
 * controller reference, the dependent label and the controller's field owner; a reconcile
 * with nothing changed sends no write (requests counted on the manager's wire) and says the
 * child is `unchanged` (a create `created`, a change `updated`), also when
 * the cache listed the children before the controller was built (without its managedFields
 * entry), and for a Deployment the API server defaulted and stored in canonical form; a
 * child edited by someone else with a plain update is restored (with `force`), their extra
 * field kept; a field the desired child no longer names is removed; a field another manager
 * took is a `Conflict` on the primary's `Ready` condition, a desired child of another kind
 * is `Failed` and retried; readiness orders two dependents; an activation condition turning
 * false deletes the child; a shrinking list deletes the extra children; a decorated
 * controller does the same.
 */
import { beforeAll, beforeEach, expect, it } from '@jest/globals';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { isNotFound } from '../src/api/status-error.js';
import { controllerManagedBy } from '../src/builder/builder.js';
import { ApiClient } from '../src/client/api-client.js';
import { applyConfiguration } from '../src/client/apply-configuration.js';
import { mergePatch } from '../src/client/patch.js';
import { withControllerReference } from '../src/controllerutil/apply.js';
import type { Condition } from '../src/controllerutil/conditions.js';
import { Controller } from '../src/decorators/controller.decorator.js';
import { Dependent } from '../src/decorators/dependent.decorator.js';
import { Reconcile } from '../src/decorators/reconcile.decorator.js';
import { DEPENDENT_LABEL, type DependentsOutcome } from '../src/dependent/dependent.js';
import { createOperator } from '../src/di/create-operator.js';
import type { Manager } from '../src/manager/interfaces.js';
import { newManager } from '../src/manager/manager.js';
import { ConfigMap, Deployment } from '../src/resources/kinds.js';
import type { ResourceDescriptor } from '../src/resources/resource-type.js';
import { type Gadget, installGadgetCrd } from './fixtures/gadget.js';
import { eventually, newNamespace, startManager, useCleanups } from './fixtures/helpers.js';

const settings = (g: Gadget) =>
  applyConfiguration(ConfigMap, {
    metadata: { name: `${g.metadata?.name}-settings`, namespace: g.metadata?.namespace as string },
    data: { size: `${g.spec?.size ?? 0}` },
  });

const ready = (g: Gadget | undefined): Condition | undefined => g?.status?.conditions?.find((c) => c.type === 'Ready');

describeWithControlPlane('dependents on the real API server', () => {
  const kc = sharedKubeConfig();
  const external = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();
  let ns: string;
  let mgr: Manager;
  let writes: string[];

  let GadgetType: ResourceDescriptor<Gadget>;

  beforeAll(async () => {
    GadgetType = await installGadgetCrd(external);
  }, 60_000);

  beforeEach(async () => {
    ns = await newNamespace(external, 'dependents');
    mgr = newManager({ kubeConfig: kc, cache: { defaultNamespaces: [ns] } });
    writes = [];
    mgr.rest.onRequest(({ method, url }) => {
      if (method !== 'GET') writes.push(`${method} ${url.pathname}`);
    });
    cleanup(() => external.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }));
  }, 30_000);

  const gadget = (name: string, spec: Gadget['spec']): Gadget => ({
    apiVersion: 'dependents.operant.test/v1',
    kind: 'Gadget',
    metadata: { namespace: ns, name },
    spec,
  });
  const getGadget = (name: string) => external.get(GadgetType, { namespace: ns, name });
  const getConfigMap = (name: string) => external.get(ConfigMap, { namespace: ns, name });
  const missing = async (name: string) => {
    const err = await getConfigMap(name).catch((e: unknown) => e);
    if (!isNotFound(err)) throw new Error(`ConfigMap ${name} still exists`);
  };

  /** Resolves once no reconcile ran for `quietMs`. */
  const settled = async (reconciles: () => number, quietMs = 1_000) => {
    let last = -1;
    await eventually(
      async () => {
        const now = reconciles();
        if (now !== last) {
          last = now;
          throw new Error('still reconciling');
        }
      },
      { interval: quietMs, timeout: 30_000 },
    );
  };

  /** The writes of the reconcile a label change of `primary` starts, once reconciles have settled before and after. */
  const writesOfAReconcile = async (primary: Gadget, reconciles: () => number): Promise<string[]> => {
    await settled(reconciles);
    const before = writes.length;
    const seen = reconciles();
    await external.patch(primary, mergePatch({ metadata: { labels: { poke: `${seen}` } } }));
    await eventually(async () => expect(reconciles()).toBeGreaterThan(seen));
    await settled(reconciles);
    return writes.slice(before);
  };

  it('should apply the children with the controller reference, label and field owner, then write nothing when nothing changed', async () => {
    let reconciles = 0;
    /** Per reconcile, what the apply did to the child and the size it held before. */
    const operations: string[] = [];
    controllerManagedBy(mgr)
      .for(GadgetType)
      .dependent(ConfigMap, settings, { name: 'settings' })
      .complete({
        async reconcile(_request, _context, outcome?: DependentsOutcome) {
          if (outcome === undefined) return;
          reconciles++;
          const [applied] = outcome.results.settings?.applied ?? [];
          operations.push(`${applied?.operation}:${(applied?.previous as V1ConfigMap | undefined)?.data?.size}`);
        },
      });
    startManager(mgr, cleanup);
    const created = await external.create(gadget('one', { size: 3 }));
    await eventually(async () => expect(ready(await getGadget('one'))?.status).toBe('True'));
    const child = await getConfigMap('one-settings');
    expect(child.data).toEqual({ size: '3' });
    expect(child.metadata?.labels).toEqual({ [DEPENDENT_LABEL]: 'settings' });
    expect(child.metadata?.ownerReferences).toEqual([
      expect.objectContaining({ kind: 'Gadget', name: 'one', uid: created.metadata?.uid, controller: true }),
    ]);
    expect(child.metadata?.managedFields?.map((f) => [f.manager, f.operation])).toEqual([['gadget', 'Apply']]);
    const condition = ready(await getGadget('one'));
    expect(condition).toEqual(
      expect.objectContaining({ reason: 'DependentsReady', observedGeneration: created.metadata?.generation }),
    );

    expect(operations[0]).toBe('created:undefined');

    expect(await writesOfAReconcile(created, () => reconciles)).toEqual([]);
    expect(operations.at(-1)).toBe('unchanged:3');

    // a change of the primary is applied (one write), and the condition stays as it was
    await external.patch(created, mergePatch({ spec: { size: 4 } }));
    await eventually(async () => expect((await getConfigMap('one-settings')).data).toEqual({ size: '4' }));
    await eventually(async () => expect(operations).toContain('updated:3'));
    await eventually(async () =>
      expect(ready(await getGadget('one'))?.observedGeneration).toBe((await getGadget('one')).metadata?.generation),
    );
  });

  it('should write nothing in a steady state even when the cache listed the children before the controller was built', async () => {
    mgr.cache.getInformer(ConfigMap); // listed without the controller's managedFields entry
    startManager(mgr, cleanup);
    await mgr.cache.waitForCacheSync();
    const created = await external.create(gadget('late', { size: 1 }));
    const child = withControllerReference(created, settings(created));
    child.metadata.labels = { [DEPENDENT_LABEL]: 'configmap' };
    await external.apply(child, { fieldOwner: 'gadget' }); // what the controller would apply, applied before it exists
    await eventually(() => mgr.cache.get(ConfigMap, { namespace: ns, name: 'late-settings' }));
    expect(
      (await mgr.cache.get(ConfigMap, { namespace: ns, name: 'late-settings' })).metadata?.managedFields,
    ).toBeUndefined();

    let reconciles = 0;
    controllerManagedBy(mgr)
      .for(GadgetType)
      .dependent(ConfigMap, settings)
      .withDependentStatus(false)
      .complete({
        async reconcile() {
          reconciles++;
        },
      });
    await eventually(async () => expect(reconciles).toBeGreaterThan(0));
    expect(await writesOfAReconcile(created, () => reconciles)).toEqual([]);
  });

  it('should write nothing for a Deployment the API server defaulted and whose status its controller writes', async () => {
    const deploymentOf = (g: Gadget) =>
      applyConfiguration(Deployment, {
        metadata: { name: `${g.metadata?.name}-web`, namespace: g.metadata?.namespace as string },
        spec: {
          replicas: g.spec?.size,
          selector: { matchLabels: { app: `${g.metadata?.name}` } },
          template: {
            metadata: { labels: { app: `${g.metadata?.name}` } },
            spec: {
              containers: [
                {
                  name: 'web',
                  image: 'nginx:1.27',
                  ports: [{ containerPort: 80 }],
                  env: [{ name: 'SIZE', value: `${g.spec?.size}` }],
                  resources: { limits: { cpu: '0.5', memory: '1024Mi' } },
                },
              ],
            },
          },
        },
      });
    let reconciles = 0;
    controllerManagedBy(mgr)
      .for(GadgetType)
      .dependent(Deployment, deploymentOf, {
        readyWhen: (d) => d.status?.observedGeneration === d.metadata?.generation,
      })
      .complete({
        async reconcile() {
          reconciles++;
        },
      });
    startManager(mgr, cleanup);
    const created = await external.create(gadget('web', { size: 2 }));
    await eventually(async () => expect(ready(await getGadget('web'))?.status).toBe('True'));
    const live = await external.get(Deployment, { namespace: ns, name: 'web-web' });
    // stored in the canonical form, defaults filled in: neither is a difference
    expect(live.spec?.template.spec?.containers[0]?.resources?.limits).toEqual({ cpu: '500m', memory: '1Gi' });
    expect(live.spec?.template.spec?.containers[0]?.ports).toEqual([{ containerPort: 80, protocol: 'TCP' }]);
    expect(await writesOfAReconcile(created, () => reconciles)).toEqual([]);
  });

  it("should restore a field someone else changed with a plain update (force) and keep that someone's extra field", async () => {
    const updated: (string | undefined)[] = [];
    controllerManagedBy(mgr)
      .for(GadgetType)
      .dependent(ConfigMap, settings, { force: true })
      .complete({
        async reconcile(_request, _context, outcome?: DependentsOutcome) {
          const [applied] = outcome?.results.configmap?.applied ?? [];
          if (applied?.operation === 'updated') updated.push((applied.previous as V1ConfigMap).data?.size);
        },
      });
    startManager(mgr, cleanup);
    await external.create(gadget('drift', { size: 1 }));
    await eventually(async () => expect((await getConfigMap('drift-settings')).data).toEqual({ size: '1' }));
    const live = await getConfigMap('drift-settings');
    await external.update({ ...live, data: { size: '99', extra: 'mine' } }, { fieldOwner: 'kubectl-edit' });
    await eventually(async () =>
      expect((await getConfigMap('drift-settings')).data).toEqual({ size: '1', extra: 'mine' }),
    );
    await eventually(async () => expect(updated).toEqual(['99'])); // the drifted child, as the cache held it
  });

  it("should report a field another manager took as a Conflict on the primary's Ready condition, not force it", async () => {
    controllerManagedBy(mgr).for(GadgetType).dependent(ConfigMap, settings, { name: 'settings' }).complete();
    startManager(mgr, cleanup);
    await external.create(gadget('contested', { size: 1 }));
    await eventually(async () => expect(ready(await getGadget('contested'))?.status).toBe('True'));
    await external.apply(
      applyConfiguration(ConfigMap, { metadata: { name: 'contested-settings', namespace: ns }, data: { size: '7' } }),
      { fieldOwner: 'someone-else', force: true },
    );
    const contested = await getGadget('contested');
    await external.patch(contested, mergePatch({ spec: { size: 2 } }));
    await eventually(async () => {
      const condition = ready(await getGadget('contested'));
      expect(condition).toEqual(expect.objectContaining({ status: 'False', reason: 'Conflict' }));
      expect(condition?.message).toContain('settings: ');
      expect(condition?.message).toContain('someone-else');
    });
    expect((await getConfigMap('contested-settings')).data).toEqual({ size: '7' });
  });

  it('should remove a field the desired child no longer names, and keep the fields it still names', async () => {
    const withExtra = (g: Gadget) =>
      applyConfiguration(ConfigMap, {
        metadata: { name: `${g.metadata?.name}-settings`, namespace: g.metadata?.namespace as string },
        data: g.spec?.extra ? { size: `${g.spec?.size}`, extra: 'yes' } : { size: `${g.spec?.size}` },
      });
    controllerManagedBy(mgr).for(GadgetType).dependent(ConfigMap, withExtra).complete();
    startManager(mgr, cleanup);
    const created = await external.create(gadget('fewer', { size: 1, extra: true }));
    await eventually(async () =>
      expect((await getConfigMap('fewer-settings')).data).toEqual({ size: '1', extra: 'yes' }),
    );
    await external.patch(created, mergePatch({ spec: { extra: false } }));
    await eventually(async () => expect((await getConfigMap('fewer-settings')).data).toEqual({ size: '1' }));
  });

  it('should report a desired child of another kind as Failed on the Ready condition and retry', async () => {
    let attempts = 0;
    const wrongKind = (g: Gadget) => {
      attempts++;
      return { apiVersion: 'v1', kind: 'Secret', metadata: { name: `${g.metadata?.name}-secret` } } as never;
    };
    controllerManagedBy(mgr).for(GadgetType).dependent(ConfigMap, wrongKind, { name: 'wrong' }).complete();
    startManager(mgr, cleanup);
    await external.create(gadget('wrong', { size: 1 }));
    await eventually(async () => {
      const condition = ready(await getGadget('wrong'));
      expect(condition).toEqual(expect.objectContaining({ status: 'False', reason: 'Failed' }));
      expect(condition?.message).toContain(
        'wrong: unable to apply the dependent wrong: its desired function must return v1 ConfigMap',
      );
    });
    const seen = attempts;
    await eventually(async () => expect(attempts).toBeGreaterThan(seen)); // the failure is retried with backoff
  });

  it('should apply a dependent only once the one it depends on is ready', async () => {
    const gate = (g: Gadget) =>
      applyConfiguration(ConfigMap, {
        metadata: { name: `${g.metadata?.name}-gate`, namespace: g.metadata?.namespace as string },
        data: { role: 'gate' },
      });
    controllerManagedBy(mgr)
      .for(GadgetType)
      .dependent(ConfigMap, gate, { name: 'gate', readyWhen: (cm) => cm.metadata?.annotations?.open === 'yes' })
      .dependent(ConfigMap, settings, { name: 'settings', dependsOn: ['gate'] })
      .complete();
    startManager(mgr, cleanup);
    await external.create(gadget('ordered', { size: 5 }));
    await eventually(async () => {
      const condition = ready(await getGadget('ordered'));
      expect(condition).toEqual(expect.objectContaining({ status: 'False', reason: 'NotReady' }));
      expect(condition?.message).toContain('settings: waits for gate');
    });
    await getConfigMap('ordered-gate');
    await missing('ordered-settings');

    // someone opens the gate: the child's event reconciles the primary
    await external.patch(
      await getConfigMap('ordered-gate'),
      mergePatch({ metadata: { annotations: { open: 'yes' } } }),
    );
    await eventually(async () => expect((await getConfigMap('ordered-settings')).data).toEqual({ size: '5' }));
    await eventually(async () => expect(ready(await getGadget('ordered'))?.status).toBe('True'));
  });

  it('should delete the child when its activation condition turns false', async () => {
    controllerManagedBy(mgr)
      .for(GadgetType)
      .dependent(ConfigMap, settings, { activeWhen: (g: Gadget) => g.spec?.extra === true })
      .complete();
    startManager(mgr, cleanup);
    const created = await external.create(gadget('switch', { size: 1, extra: true }));
    await eventually(() => getConfigMap('switch-settings'));
    await external.patch(created, mergePatch({ spec: { extra: false } }));
    await eventually(() => missing('switch-settings'));
    await eventually(async () => expect(ready(await getGadget('switch'))?.status).toBe('True'));
  });

  it('should keep one child per entry of a list and delete those no longer listed', async () => {
    const perKey = (g: Gadget) =>
      (g.spec?.keys ?? []).map((key) =>
        applyConfiguration(ConfigMap, {
          metadata: { name: `${g.metadata?.name}-${key}`, namespace: g.metadata?.namespace as string },
          data: { key },
        }),
      );
    controllerManagedBy(mgr).for(GadgetType).dependent(ConfigMap, perKey, { name: 'per-key' }).complete();
    startManager(mgr, cleanup);
    // a ConfigMap of the same namespace that is not a child: never touched
    await external.create<V1ConfigMap>({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { namespace: ns, name: 'bulk-c' },
    });
    const created = await external.create(gadget('bulk', { keys: ['a', 'b'] }));
    await eventually(async () => {
      await getConfigMap('bulk-a');
      await getConfigMap('bulk-b');
    });
    await external.patch(created, mergePatch({ spec: { keys: ['b'] } }));
    await eventually(() => missing('bulk-a'));
    expect((await getConfigMap('bulk-b')).data).toEqual({ key: 'b' });
    expect((await getConfigMap('bulk-c')).metadata?.labels).toBeUndefined();
  });

  it('should run a decorated controller: its @Dependent methods, then its @Reconcile with their outcome', async () => {
    const outcomes: DependentsOutcome[] = [];
    @Controller({ for: GadgetType, name: 'decorated-gadget' })
    class GadgetReconciler {
      @Dependent(ConfigMap)
      settings(g: Gadget) {
        return settings(g);
      }

      @Reconcile()
      async reconcile(_request: unknown, _context: unknown, outcome?: DependentsOutcome) {
        if (outcome !== undefined) outcomes.push(outcome);
      }
    }
    const operator = await createOperator({ controllers: [GadgetReconciler], manager: mgr });
    startManager(operator.manager, cleanup);
    await external.create(gadget('decorated', { size: 2 }));
    await eventually(async () =>
      expect((await getConfigMap('decorated-settings')).metadata?.labels).toEqual({
        [DEPENDENT_LABEL]: 'settings',
      }),
    );
    await eventually(async () => expect(outcomes.some((o) => o.results.settings?.state === 'ready')).toBe(true));
    expect((await getConfigMap('decorated-settings')).metadata?.managedFields?.[0]?.manager).toBe('decorated-gadget');
  });
});
