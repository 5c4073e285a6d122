/**
 * External dependents on the real control plane: a ConfigMap in another namespace (which
 * cannot carry the primary's owner reference) kept by its own read, apply and delete; the
 * primary carries the `operant.dev/dependents` finalizer from the first reconcile; deleting
 * the primary deletes the ConfigMap and then removes the finalizer; a delete that fails is
 * retried with backoff while the primary stays, marked for deletion; while finalizing the
 * record is read from the API server, so one the cache has not seen is deleted too (under a
 * finalizer the controller names); a decorated controller does the same through
 * `@ExternalDependent`.
 */
import { beforeAll, beforeEach, expect, it } from '@jest/globals';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import type { KubernetesObject } from '../src/api/object.js';
import { ignoreNotFound, isNotFound } from '../src/api/status-error.js';
import { controllerManagedBy } from '../src/builder/builder.js';
import { ApiClient } from '../src/client/api-client.js';
import { Controller } from '../src/decorators/controller.decorator.js';
import { ExternalDependent } from '../src/decorators/external-dependent.decorator.js';
import { DEPENDENTS_FINALIZER, type ExternalResource } from '../src/dependent/external.js';
import { createOperator } from '../src/di/create-operator.js';
import type { Manager } from '../src/manager/interfaces.js';
import { newManager } from '../src/manager/manager.js';
import { ConfigMap } from '../src/resources/kinds.js';
import type { ResourceDescriptor } from '../src/resources/resource-type.js';
import { type Gadget, installGadgetCrd } from './fixtures/gadget.js';
import { eventually, newNamespace, startManager, useCleanups } from './fixtures/helpers.js';

/** The external record: a ConfigMap of another namespace. */
type RecordMap = KubernetesObject & { data?: { [key: string]: string } };

describeWithControlPlane('external dependents on the real API server', () => {
  const kc = sharedKubeConfig();
  const external = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();
  let ns: string;
  let elsewhere: string;
  let mgr: Manager;
  let GadgetType: ResourceDescriptor<Gadget>;

  beforeAll(async () => {
    GadgetType = await installGadgetCrd(external);
  }, 60_000);

  beforeEach(async () => {
    ns = await newNamespace(external, 'external-dependents');
    elsewhere = await newNamespace(external, 'external-records');
    mgr = newManager({ kubeConfig: kc, cache: { defaultNamespaces: [ns] } });
    cleanup(() => external.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }));
    cleanup(() => external.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: elsewhere } }));
  }, 30_000);

  const gadget = (name: string, size: number): Gadget => ({
    apiVersion: 'dependents.operant.test/v1',
    kind: 'Gadget',
    metadata: { namespace: ns, name },
    spec: { size },
  });
  const getGadget = (name: string) => external.get(GadgetType, { namespace: ns, name });
  const recordName = (g: Gadget) => `${g.metadata?.namespace}-${g.metadata?.name}`;
  const getRecord = (name: string) => external.get(ConfigMap, { namespace: elsewhere, name: `${ns}-${name}` });
  const gone = async (read: () => Promise<unknown>) => {
    const err = await read().then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!isNotFound(err)) throw new Error('still there');
  };

  /** A ConfigMap in the other namespace per Gadget, read and written with the test's own client; deletes fail while `down`. */
  function records() {
    const state = { down: false, deletes: 0 };
    const resource: ExternalResource<Gadget, RecordMap> = {
      read: (g) => external.get(ConfigMap, { namespace: elsewhere, name: recordName(g) }).catch(ignoreNotFound),
      apply: (g) =>
        external.apply<RecordMap>(
          {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { namespace: elsewhere, name: recordName(g) },
            data: { size: `${g.spec?.size}` },
          },
          { fieldOwner: 'gadget-records', force: true },
        ),
      delete: async (_g, current) => {
        state.deletes++;
        if (state.down) throw new Error('the record service is down');
        await external.delete(current);
      },
    };
    return { state, resource };
  }

  it('should keep the finalizer until the external dependent is deleted, retrying a failed delete', async () => {
    const { state, resource } = records();
    controllerManagedBy(mgr).for(GadgetType).externalDependent(resource, { name: 'record' }).complete();
    startManager(mgr, cleanup);
    await external.create(gadget('one', 3));
    await eventually(async () => expect((await getRecord('one')).data).toEqual({ size: '3' }));
    expect((await getGadget('one')).metadata?.finalizers).toEqual([DEPENDENTS_FINALIZER]);

    state.down = true;
    await external.delete(await getGadget('one'));
    await eventually(async () => expect(state.deletes).toBeGreaterThanOrEqual(2)); // retried
    const stuck = await getGadget('one');
    expect(stuck.metadata?.deletionTimestamp).toBeDefined();
    expect(stuck.metadata?.finalizers).toEqual([DEPENDENTS_FINALIZER]);
    await getRecord('one');

    state.down = false;
    await eventually(() => gone(() => getRecord('one')), { timeout: 30_000 });
    await eventually(() => gone(() => getGadget('one')), { timeout: 30_000 });
  });

  it("should delete, while finalizing, a record the cache never saw, under the controller's finalizerName", async () => {
    // this manager's cache holds the other namespace's ConfigMaps labelled cached=yes only:
    // it never sees the record, as a cache that lags behind a record just created does not
    const finalizerName = 'records.operant.test/record';
    const lagging = newManager({
      kubeConfig: kc,
      cache: {
        defaultNamespaces: [ns],
        byObject: [{ type: ConfigMap, namespaces: [elsewhere], labelSelector: { matchLabels: { cached: 'yes' } } }],
      },
    });
    const reads: string[] = [];
    const resource: ExternalResource<Gadget, RecordMap> = {
      read: async (g, { reader }) => {
        const found = await reader.get(ConfigMap, { namespace: elsewhere, name: recordName(g) }).catch(ignoreNotFound);
        reads.push(
          `${g.metadata?.deletionTimestamp ? 'finalizing' : 'live'}: ${found === undefined ? 'none' : 'found'}`,
        );
        return found;
      },
      apply: (g) =>
        lagging.client.apply<RecordMap>(
          { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: elsewhere, name: recordName(g) } },
          { fieldOwner: 'gadget-records', force: true },
        ),
      delete: (_g, current) => lagging.client.delete(current),
    };
    controllerManagedBy(lagging)
      .for(GadgetType)
      .withOptions({ finalizerName })
      .externalDependent(resource, { name: 'record' })
      .complete();
    startManager(lagging, cleanup);
    await external.create(gadget('unseen', 1));
    await eventually(() => getRecord('unseen'));
    expect((await getGadget('unseen')).metadata?.finalizers).toEqual([finalizerName]);
    await expect(lagging.client.get(ConfigMap, { namespace: elsewhere, name: `${ns}-unseen` })).rejects.toThrow(
      /not found/,
    );

    await external.delete(await getGadget('unseen'));
    await eventually(() => gone(() => getGadget('unseen')), { timeout: 30_000 });
    await gone(() => getRecord('unseen'));
    expect(reads).toContain('live: none');
    expect(reads).toContain('finalizing: found');
  });

  it('should run an @ExternalDependent method of a decorated controller', async () => {
    const { resource } = records();
    @Controller({ for: GadgetType, name: 'recorded-gadget' })
    class GadgetRecords {
      @ExternalDependent()
      record() {
        return resource;
      }
    }
    const operator = await createOperator({ controllers: [GadgetRecords], manager: mgr });
    startManager(operator.manager, cleanup);
    await external.create(gadget('decorated', 2));
    await eventually(async () => expect((await getRecord('decorated')).data).toEqual({ size: '2' }));
    expect((await getGadget('decorated')).metadata?.finalizers).toEqual([DEPENDENTS_FINALIZER]);
    await external.delete(await getGadget('decorated'));
    await eventually(() => gone(() => getGadget('decorated')), { timeout: 30_000 });
    await gone(() => getRecord('decorated'));
  });
});
