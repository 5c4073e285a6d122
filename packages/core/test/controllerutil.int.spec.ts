/**
 * createOrUpdate / createOrPatch and owner references on the real API server, and the
 * garbage collector (kube-controller-manager) honouring a controller reference.
 */
import { beforeAll, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { isNotFound } from '../src/api/status-error.js';
import { ApiClient } from '../src/client/api-client.js';
import { createOrPatch, createOrUpdate } from '../src/controllerutil/create-or-update.js';
import { setControllerReference } from '../src/controllerutil/owner.js';
import { eventually, installWidgetCrd, newNamespace, type Widget, WidgetType } from './fixtures/helpers.js';

describeWithControlPlane('controllerutil on the real API server', () => {
  const client = new ApiClient({ kubeConfig: sharedKubeConfig() });
  let ns: string;

  beforeAll(async () => {
    await installWidgetCrd(client);
    ns = await newNamespace(client, 'cutil');
  }, 60_000);

  it('createOrUpdate creates, then writes only when mutate changes something', async () => {
    const desired = (): V1ConfigMap => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { namespace: ns, name: 'cou' },
    });
    const first = await createOrUpdate(client, V1ConfigMap, desired(), (cm) => {
      cm.data = { a: '1' };
    });
    expect(first.result).toBe('created');
    const same = await createOrUpdate(client, V1ConfigMap, desired(), (cm) => {
      cm.data = { a: '1' };
    });
    expect(same.result).toBe('unchanged');
    expect(same.object.metadata?.resourceVersion).toBe(first.object.metadata?.resourceVersion);
    const changed = await createOrUpdate(client, V1ConfigMap, desired(), (cm) => {
      cm.data = { ...cm.data, b: '2' };
    });
    expect(changed.result).toBe('updated');
    expect((await client.get(V1ConfigMap, { namespace: ns, name: 'cou' })).data).toEqual({ a: '1', b: '2' });
    await expect(
      createOrUpdate(client, V1ConfigMap, desired(), (cm) => {
        cm.metadata!.name = 'renamed';
      }),
    ).rejects.toThrow("mutate changed the object's name or namespace");
  });

  it('createOrPatch patches spec and status separately and reports which changed', async () => {
    const desired = (): Widget => ({
      apiVersion: 'core.operant.test/v1',
      kind: 'Widget',
      metadata: { namespace: ns, name: 'cop' },
    });
    expect(
      (
        await createOrPatch(client, WidgetType, desired(), (w) => {
          w.spec = { size: 1 };
        })
      ).result,
    ).toBe('created');
    const statusOnly = await createOrPatch(client, WidgetType, desired(), (w) => {
      w.status = { phase: 'Ready', ready: 1 };
    });
    expect(statusOnly.result).toBe('updatedStatusOnly');
    const both = await createOrPatch(client, WidgetType, desired(), (w) => {
      w.spec = { size: 2 };
      w.status = { phase: 'Scaling', ready: 1 };
    });
    expect(both.result).toBe('updatedStatus');
    const stored = await client.get(WidgetType, { namespace: ns, name: 'cop' });
    expect(stored.spec).toEqual({ size: 2 });
    expect(stored.status).toEqual({ phase: 'Scaling', ready: 1 });
  });

  it('a controller reference makes the garbage collector delete the child with its owner', async () => {
    const owner = await client.create<Widget>({
      apiVersion: 'core.operant.test/v1',
      kind: 'Widget',
      metadata: { namespace: ns, name: 'parent' },
      spec: { size: 1 },
    });
    const cm: V1ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: ns, name: 'parent-child' } };
    setControllerReference(owner, cm);
    await client.create(cm);
    await client.delete(owner);
    await eventually(async () => {
      const gone = await client.get(V1ConfigMap, { namespace: ns, name: 'parent-child' }).then(
        () => false,
        (err: unknown) => isNotFound(err),
      );
      expect(gone).toBe(true);
    }, 90_000);
  }, 120_000);
});
