import { describe, expect, it } from '@jest/globals';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { Controller, Dependent, ignoreNotFound, type KubernetesObject } from '@operant/core';
import { applyConfiguration, mergePatch } from '@operant/core/client';
import type { Condition } from '@operant/core/controllerutil';
import { ExternalDependent } from '@operant/core/decorators';
import {
  DEPENDENT_LABEL,
  DEPENDENTS_FINALIZER,
  type DependentResult,
  type DependentsOutcome,
  type ExternalResource,
} from '@operant/core/dependent';
import { ConfigMap, Deployment, Secret } from '@operant/core/kinds';
import { resourceType } from '@operant/core/resources';
import { operantMatchers } from '../jest/matchers.js';
import { fakeClient } from './builder.js';
import { ReconcileHarness } from './harness.js';

expect.extend(operantMatchers);

interface Gadget extends KubernetesObject {
  spec?: { size?: number; extra?: boolean; keys?: string[] };
  status?: { conditions?: Condition[] };
}
const GadgetType = resourceType<Gadget>({
  group: 'dependents.operant.test',
  version: 'v1',
  kind: 'Gadget',
  plural: 'gadgets',
  namespaced: true,
});
const gadget = (name: string, spec: Gadget['spec']): Gadget => ({
  apiVersion: 'dependents.operant.test/v1',
  kind: 'Gadget',
  metadata: { namespace: 'ns', name },
  spec,
});
const settings = (g: Gadget) =>
  applyConfiguration(ConfigMap, {
    metadata: { name: `${g.metadata?.name}-settings`, namespace: g.metadata?.namespace as string },
    data: { size: `${g.spec?.size ?? 0}` },
  });

/** A harness over a fake client holding `primaries`, Gadget with a status subresource. */
function harness(...primaries: Gadget[]): ReconcileHarness {
  const client = fakeClient()
    .withStatusSubresource(GadgetType)
    .withObjects(...primaries)
    .build();
  return new ReconcileHarness({ client });
}

const stored = (h: ReconcileHarness, name: string) => h.apiReader.get(GadgetType, { namespace: 'ns', name });
const ready = (g: Gadget) => g.status?.conditions?.find((c) => c.type === 'Ready');
const childWrites = (h: ReconcileHarness) => h.writes.filter((w) => w.kind === 'ConfigMap');

/** Reconciles `primary` once more and returns that reconcile's writes. */
async function writesOfAReconcile(h: ReconcileHarness, primary: Gadget) {
  await h.run();
  const before = h.processed.length;
  h.enqueue({ namespace: 'ns', name: primary.metadata?.name as string });
  await h.run();
  return h.processed.slice(before).flatMap((p) => p.writes);
}

describe('dependents in the reconcile harness', () => {
  it('should apply the children with the controller reference, label and field owner, then write nothing', async () => {
    const h = harness(gadget('one', { size: 3 }));
    h.controllerManagedBy().for(GadgetType).dependent(ConfigMap, settings, { name: 'settings' }).complete();
    await h.run();
    const primary = await stored(h, 'one');
    expect(h).toHaveDependents(primary, {
      ConfigMap: [
        { metadata: { name: 'one-settings', labels: { [DEPENDENT_LABEL]: 'settings' } }, data: { size: '3' } },
      ],
    });
    const child = await h.apiReader.get(ConfigMap, { namespace: 'ns', name: 'one-settings' });
    expect(child).toBeOwnedBy(primary, { controller: true });
    expect(child.metadata?.managedFields?.map((f) => [f.manager, f.operation])).toEqual([['gadget', 'Apply']]);
    expect(ready(primary)).toEqual(expect.objectContaining({ status: 'True', reason: 'DependentsReady' }));
    expect(childWrites(h).map((w) => [w.verb, w.fieldManager])).toEqual([['apply', 'gadget']]);

    expect(await writesOfAReconcile(h, primary)).toEqual([]);

    await h.client.patch(primary, mergePatch({ spec: { size: 4 } }));
    await h.run();
    expect(h).toHaveDependents(primary, { ConfigMap: [{ metadata: { name: 'one-settings' }, data: { size: '4' } }] });
    expect(await writesOfAReconcile(h, primary)).toEqual([]);
  });

  it('should write nothing in a steady state for a Deployment, whose containers are a keyed list', async () => {
    const deploymentOf = (g: Gadget) =>
      applyConfiguration(Deployment, {
        metadata: { name: `${g.metadata?.name}-web`, namespace: 'ns' },
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
                },
              ],
            },
          },
        },
      });
    const h = harness(gadget('web', { size: 2 }));
    h.controllerManagedBy().for(GadgetType).dependent(Deployment, deploymentOf).complete();
    await h.run();
    const primary = await stored(h, 'web');
    const web = await h.apiReader.get(Deployment, { namespace: 'ns', name: 'web-web' });
    expect(web.metadata?.managedFields?.[0]?.fieldsV1).toEqual(
      expect.objectContaining({
        'f:spec': expect.objectContaining({
          'f:selector': {},
          'f:template': expect.objectContaining({
            'f:spec': {
              'f:containers': { 'k:{"name":"web"}': expect.objectContaining({ '.': {}, 'f:env': expect.anything() }) },
            },
          }),
        }),
      }),
    );
    expect(await writesOfAReconcile(h, primary)).toEqual([]);
    await h.client.patch(primary, mergePatch({ spec: { size: 3 } }));
    await h.run();
    expect(h).toHaveDependents(primary, {
      Deployment: [{ metadata: { name: 'web-web' }, spec: { replicas: 3 } }],
    });
    expect(await writesOfAReconcile(h, primary)).toEqual([]);
  });

  it('should run the dependents of a decorated class that has no reconcile method', async () => {
    @Controller({ for: GadgetType })
    class GadgetController {
      @Dependent(ConfigMap)
      settings(g: Gadget) {
        return settings(g);
      }
    }
    const h = harness(gadget('two', { size: 2 }));
    await h.addControllers([GadgetController]);
    await h.run();
    const primary = await stored(h, 'two');
    expect(h).toHaveDependents(primary, {
      ConfigMap: [{ metadata: { name: 'two-settings', labels: { [DEPENDENT_LABEL]: 'settings' } } }],
    });
    expect(ready(primary)?.status).toBe('True');
    expect(await writesOfAReconcile(h, primary)).toEqual([]);
  });

  it('should restore a child edited with a plain update when forced, keeping the editor`s extra field', async () => {
    const h = harness(gadget('drift', { size: 1 }));
    h.controllerManagedBy().for(GadgetType).dependent(ConfigMap, settings, { force: true }).complete();
    await h.run();
    const child = await h.apiReader.get(ConfigMap, { namespace: 'ns', name: 'drift-settings' });
    await h.client.update({ ...child, data: { size: '99', extra: 'kept' } }, { fieldManager: 'kubectl-edit' });
    await h.run();
    const primary = await stored(h, 'drift');
    expect(h).toHaveDependents(primary, {
      ConfigMap: [{ metadata: { name: 'drift-settings' }, data: { size: '1', extra: 'kept' } }],
    });
    expect(await writesOfAReconcile(h, primary)).toEqual([]);
  });

  it('should report a field another manager took as a Conflict on the Ready condition, without force', async () => {
    const h = harness(gadget('taken', { size: 1 }));
    h.controllerManagedBy().for(GadgetType).dependent(ConfigMap, settings).complete();
    await h.run();
    const child = await h.apiReader.get(ConfigMap, { namespace: 'ns', name: 'taken-settings' });
    await h.client.update({ ...child, data: { size: '99' } }, { fieldManager: 'kubectl-edit' });
    await h.run();
    const primary = await stored(h, 'taken');
    expect(ready(primary)).toEqual(expect.objectContaining({ status: 'False', reason: 'Conflict' }));
    expect(h).toHaveDependents(primary, {
      ConfigMap: [{ metadata: { name: 'taken-settings' }, data: { size: '99' } }],
    });
  });

  it('should delete the child when the activation condition turns false', async () => {
    const h = harness(gadget('flip', { size: 1, extra: true }));
    h.controllerManagedBy()
      .for(GadgetType)
      .dependent(ConfigMap, settings, { activeWhen: (g: Gadget) => g.spec?.extra === true })
      .complete();
    await h.run();
    const primary = await stored(h, 'flip');
    expect(h).toHaveDependents(primary, { ConfigMap: ['flip-settings'] });
    await h.client.patch(primary, mergePatch({ spec: { extra: false } }));
    await h.run();
    expect(h).toHaveDependents(primary, {});
    expect(childWrites(h).map((w) => w.verb)).toEqual(['apply', 'delete']);
    expect(ready(await stored(h, 'flip'))?.status).toBe('True');
  });

  it('should delete the children a shrinking list no longer names', async () => {
    const h = harness(gadget('bulk', { keys: ['a', 'b', 'c'] }));
    const perKey = (g: Gadget) =>
      (g.spec?.keys ?? []).map((key) =>
        applyConfiguration(ConfigMap, {
          metadata: { name: `${g.metadata?.name}-${key}`, namespace: 'ns' },
          data: { key },
        }),
      );
    h.controllerManagedBy().for(GadgetType).dependent(ConfigMap, perKey, { name: 'keys' }).complete();
    await h.run();
    const primary = await stored(h, 'bulk');
    expect(h).toHaveDependents(primary, { ConfigMap: ['bulk-a', 'bulk-b', 'bulk-c'] });
    expect(await writesOfAReconcile(h, primary)).toEqual([]);
    await h.client.patch(primary, mergePatch({ spec: { keys: ['a'] } }));
    await h.run();
    expect(h).toHaveDependents(primary, { ConfigMap: [{ metadata: { name: 'bulk-a' }, data: { key: 'a' } }] });
    expect(h).not.toHaveDependents(primary, { ConfigMap: ['bulk-a', 'bulk-b'] });
    expect(h).not.toHaveDependents(primary, { ConfigMap: [{ metadata: { name: 'bulk-a' }, data: { key: 'b' } }] });
    expect(await writesOfAReconcile(h, primary)).toEqual([]);
  });

  it('should say per child what the apply did: created, unchanged, updated, deleted, with the child held before', async () => {
    const h = harness(gadget('told', { keys: ['a', 'b'] }));
    const perKey = (g: Gadget) =>
      (g.spec?.keys ?? []).map((key) =>
        applyConfiguration(ConfigMap, {
          metadata: { name: `${g.metadata?.name}-${key}`, namespace: 'ns' },
          data: { key, size: `${g.spec?.size ?? 0}` },
        }),
      );
    const outcomes: (DependentsOutcome | undefined)[] = [];
    const record = {
      reconcile: async (_: unknown, __: unknown, outcome?: DependentsOutcome) => void outcomes.push(outcome),
    };
    h.controllerManagedBy()
      .for(GadgetType)
      .dependent(ConfigMap, perKey, { name: 'keys', force: true })
      .complete(record);
    /** What the first reconcile of `step` said (a run reconciles again when the children's events come back). */
    const first = async (step: () => Promise<unknown>) => {
      const from = outcomes.length;
      await step();
      await h.run();
      return outcomes[from]?.results.keys;
    };
    const summary = (result: DependentResult | undefined) =>
      result?.applied.map((a) => [
        a.child.metadata?.name,
        a.operation,
        (a.previous as V1ConfigMap | undefined)?.data?.size,
      ]);
    expect(summary(await first(async () => {}))).toEqual([
      ['told-a', 'created', undefined],
      ['told-b', 'created', undefined],
    ]);
    const primary = await stored(h, 'told');

    expect(await writesOfAReconcile(h, primary)).toEqual([]);
    expect(summary(outcomes.at(-1)?.results.keys)).toEqual([
      ['told-a', 'unchanged', '0'],
      ['told-b', 'unchanged', '0'],
    ]);
    expect(outcomes.at(-1)?.results.keys?.deleted).toEqual([]);

    const b = await h.apiReader.get(ConfigMap, { namespace: 'ns', name: 'told-b' });
    const drifted = await first(() =>
      h.client.update({ ...b, data: { key: 'b', size: '9' } }, { fieldManager: 'kubectl-edit' }),
    );
    expect(summary(drifted)).toEqual([
      ['told-a', 'unchanged', '0'],
      ['told-b', 'updated', '9'],
    ]);
    expect((drifted?.children[1] as V1ConfigMap | undefined)?.data?.size).toBe('0');

    const shrunk = await first(() => h.client.patch(primary, mergePatch({ spec: { keys: ['b'] } })));
    expect(summary(shrunk)).toEqual([['told-b', 'unchanged', '0']]);
    expect(shrunk?.deleted.map((c) => c.metadata?.name)).toEqual(['told-a']);
  });

  it('should refuse a controller with neither a reconciler nor dependents, as the builder does', () => {
    const h = harness();
    expect(() => h.controllerManagedBy().for(GadgetType).complete()).toThrow(/needs a reconciler/);
  });

  describe('external dependents', () => {
    /** Records in a map by primary name; the first `failures` deletes fail. */
    function records(failures = 0) {
      const store = new Map<string, string>();
      const calls: string[] = [];
      let failing = failures;
      const resource: ExternalResource<Gadget, string> = {
        read: (g) => store.get(g.metadata?.name as string),
        apply: (g) => {
          const value = `size=${g.spec?.size}`;
          calls.push(`apply ${value}`);
          store.set(g.metadata?.name as string, value);
          return value;
        },
        delete: (g) => {
          calls.push('delete');
          if (failing-- > 0) throw new Error('the record service is down');
          store.delete(g.metadata?.name as string);
        },
      };
      return { store, calls, resource };
    }

    it('should hold the finalizer until the delete succeeds, retrying a failed delete with backoff', async () => {
      const h = harness(gadget('ext', { size: 2 }));
      const { store, calls, resource } = records(1);
      h.controllerManagedBy().for(GadgetType).externalDependent(resource, { name: 'record' }).complete();
      await h.run();
      const primary = await stored(h, 'ext');
      expect(primary.metadata?.finalizers).toEqual([DEPENDENTS_FINALIZER]);
      expect(store.get('ext')).toBe('size=2');
      expect(ready(primary)?.status).toBe('True');

      await h.client.delete(primary);
      await h.run();
      expect((await stored(h, 'ext')).metadata?.deletionTimestamp).toBeDefined();
      expect(store.has('ext')).toBe(true);
      const failed = h.processed.at(-1);
      expect(failed?.outcome).toBe('error');
      expect(String(failed?.error)).toMatch(
        /unable to delete the external dependent record of Gadget ns\/ext: the record service is down/,
      );

      await h.run({ advance: 60_000 });
      expect(store.has('ext')).toBe(false);
      await expect(stored(h, 'ext')).rejects.toThrow(/not found/);
      expect(calls.filter((c) => c === 'delete')).toHaveLength(2);
    });

    it('should say what the apply did: created, unchanged, updated, and the deleted resource when switched off', async () => {
      const h = harness(gadget('said', { size: 1, extra: true }));
      const { resource } = records();
      const results: (DependentResult | undefined)[] = [];
      const record = {
        reconcile: async (_: unknown, __: unknown, outcome?: DependentsOutcome) =>
          void results.push(outcome?.results.record),
      };
      h.controllerManagedBy()
        .for(GadgetType)
        .externalDependent(resource, { name: 'record', activeWhen: (g: Gadget) => g.spec?.extra === true })
        .complete(record);
      const step = async (change?: Gadget['spec']) => {
        if (change !== undefined) await h.client.patch(await stored(h, 'said'), mergePatch({ spec: change }));
        const from = results.length;
        await h.run();
        const result = results[from];
        return [
          result?.state,
          ...(result?.applied ?? []).map((a) => `${a.operation} ${a.previous} → ${a.child}`),
          ...(result?.deleted ?? []),
        ];
      };
      expect(await step()).toEqual(['ready', 'created undefined → size=1']);
      expect(await step({ size: 1, extra: true, keys: ['poke'] })).toEqual(['ready', 'unchanged size=1 → size=1']);
      expect(await step({ size: 2 })).toEqual(['ready', 'updated size=1 → size=2']);
      expect(await step({ extra: false })).toEqual(['inactive', 'size=2']);
    });

    it('should delete the resource when the activation condition turns false, and through a decorated class', async () => {
      const { store, resource } = records();
      @Controller({ for: GadgetType })
      class RecordController {
        @ExternalDependent({ activeWhen: (g: Gadget) => g.spec?.extra === true })
        record() {
          return resource;
        }
      }
      const h = harness(gadget('dec', { size: 5, extra: true }));
      await h.addControllers([RecordController]);
      await h.run();
      const primary = await stored(h, 'dec');
      expect(store.get('dec')).toBe('size=5');
      expect(primary.metadata?.finalizers).toEqual([DEPENDENTS_FINALIZER]);
      await h.client.patch(primary, mergePatch({ spec: { extra: false } }));
      await h.run();
      expect(store.has('dec')).toBe(false);
      await h.client.delete(await stored(h, 'dec'));
      await h.run();
      await expect(stored(h, 'dec')).rejects.toThrow(/not found/);
    });

    it('should delete the external dependents that others depend on last', async () => {
      const deleted: string[] = [];
      const named = (name: string): ExternalResource<Gadget, string> => ({
        read: () => (deleted.includes(name) ? undefined : name),
        apply: () => name,
        delete: () => {
          deleted.push(name);
        },
      });
      const h = harness(gadget('order', { size: 1 }));
      h.controllerManagedBy()
        .for(GadgetType)
        .externalDependent(named('bucket'), { name: 'bucket' })
        .externalDependent(named('user'), { name: 'user', dependsOn: ['bucket'] })
        .externalDependent(named('grant'), { name: 'grant', dependsOn: ['user', 'bucket'] })
        .complete();
      await h.run();
      await h.client.delete(await stored(h, 'order'));
      await h.run();
      expect(deleted).toEqual(['grant', 'user', 'bucket']);
      await expect(stored(h, 'order')).rejects.toThrow(/not found/);
    });

    it('should read through the cache while the primary lives and from the API server once it is being deleted', async () => {
      // the record is a Secret of another namespace, which the harness's cache does not hold
      const record = { apiVersion: 'v1', kind: 'Secret', metadata: { namespace: 'records', name: 'ns.live' } };
      const key = { namespace: 'records', name: 'ns.live' };
      const client = fakeClient().withStatusSubresource(GadgetType).withObjects(gadget('live', {}), record).build();
      const h = new ReconcileHarness({ client });
      const resource: ExternalResource<Gadget, KubernetesObject> = {
        read: (_, { reader }) => reader.get(Secret, key).catch(ignoreNotFound),
        apply: (_, current) => current ?? h.client.create(record),
        delete: async (_, current) => void (await h.client.delete(current)),
      };
      h.controllerManagedBy().for(GadgetType).externalDependent(resource, { name: 'record' }).complete();
      await h.run();
      const primary = await stored(h, 'live');
      expect(primary.metadata?.finalizers).toEqual([DEPENDENTS_FINALIZER]);
      expect(ready(primary)?.message).toMatch(/unable to get Secret records\/ns.live: .*not cached/);

      await h.client.delete(primary);
      await h.run();
      await expect(h.apiReader.get(Secret, key)).rejects.toThrow(/not found/);
      await expect(stored(h, 'live')).rejects.toThrow(/not found/);
    });

    it("should hold the controller's finalizerName, and finalize a primary that already carries it", async () => {
      const finalizerName = 'example.com/records';
      const older = {
        ...gadget('older', { size: 1 }),
        metadata: { namespace: 'ns', name: 'older', finalizers: [finalizerName] },
      };
      const h = harness(older, gadget('newer', { size: 2 }));
      const { store, resource } = records();
      store.set('older', 'size=1'); // kept by an earlier operator under the same finalizer
      h.controllerManagedBy()
        .for(GadgetType)
        .withOptions({ finalizerName })
        .externalDependent(resource, { name: 'record' })
        .complete();
      await h.run();
      expect((await stored(h, 'older')).metadata?.finalizers).toEqual([finalizerName]);
      expect((await stored(h, 'newer')).metadata?.finalizers).toEqual([finalizerName]);

      await h.client.delete(await stored(h, 'older'));
      await h.run();
      expect(store.has('older')).toBe(false);
      await expect(stored(h, 'older')).rejects.toThrow(/not found/);
    });
  });
});
