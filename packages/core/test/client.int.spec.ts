/**
 * The client against the real API server: CRUD, every patch type, server-side apply,
 * status, dry-run, delete options, live paging, errors — for a built-in kind (ConfigMap,
 * Deployment) and a CRD kind (Widget).
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Deployment, V1Secret } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import {
  ClientError,
  isAlreadyExists,
  isConflict,
  isInvalid,
  isNotCached,
  isNotFound,
} from '../src/api/status-error.js';
import { ApiClient } from '../src/client/api-client.js';
import { newClient } from '../src/client/client.js';
import type { Client } from '../src/client/interfaces.js';
import { jsonPatch, mergeFrom, mergePatch, strategicMergePatch } from '../src/client/patch.js';
import { cm, eventually, installWidgetCrd, newNamespace, type Widget, WidgetType } from './fixtures/helpers.js';

const deployment = (namespace: string, name: string): V1Deployment =>
  Object.assign(new V1Deployment(), {
    metadata: { namespace, name },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          containers: [
            { name: 'main', image: 'busybox:1' },
            { name: 'side', image: 'busybox:1' },
          ],
        },
      },
    },
  });

async function retryOnConflict<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isConflict(err) || attempt >= 10) throw err;
    }
  }
}

describeWithControlPlane('client (live)', () => {
  let client: Client;
  let ns: string;

  beforeAll(async () => {
    client = new ApiClient({ kubeConfig: sharedKubeConfig(), fieldOwner: 'client-int' });
    ns = await newNamespace(client, 'client');
    await installWidgetCrd(client);
  });

  afterAll(async () => {
    await client.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  });

  it('should create, get, update, list and delete a ConfigMap', async () => {
    const created = await client.create(cm(ns, 'crud', { a: '1' }));
    expect(created.metadata?.uid).toBeTruthy();
    const fetched = await client.get(V1ConfigMap, { namespace: ns, name: 'crud' });
    expect(fetched.data).toEqual({ a: '1' });
    const updated = await client.update({ ...fetched, data: { a: '2' } });
    expect(updated.data).toEqual({ a: '2' });
    expect(updated.metadata?.resourceVersion).not.toBe(fetched.metadata?.resourceVersion);
    await client.delete(updated);
    await expect(client.get(V1ConfigMap, { namespace: ns, name: 'crud' })).rejects.toThrow(
      `unable to get ConfigMap ${ns}/crud`,
    );
  });

  it('should report a stale update as conflict and a duplicate create as alreadyExists', async () => {
    const first = await client.create(cm(ns, 'stale', { v: '1' }));
    await client.update({ ...first, data: { v: '2' } });
    const err = await client.update({ ...first, data: { v: '3' } }).catch((e: unknown) => e);
    expect(isConflict(err)).toBe(true);
    expect((err as Error).message).toContain(`unable to update ConfigMap ${ns}/stale`);
    expect(isAlreadyExists(await client.create(cm(ns, 'stale')).catch((e: unknown) => e))).toBe(true);
  });

  it('should report an invalid object as invalid, naming the field', async () => {
    const err = await client.create(cm(ns, 'Not_A_Valid_Name')).catch((e: unknown) => e);
    expect(isInvalid(err)).toBe(true);
    expect((err as ClientError).causes.map((c) => c.field)).toContain('metadata.name');
    const widgetErr = await client
      .create<Widget>({
        apiVersion: 'core.operant.test/v1',
        kind: 'Widget',
        metadata: { namespace: ns, name: 'w-bad' },
        spec: { size: 0 },
      })
      .catch((e: unknown) => e);
    expect(isInvalid(widgetErr)).toBe(true);
    expect((widgetErr as ClientError).causes.map((c) => c.field)).toContain('spec.size');
  });

  it('should apply merge, JSON and strategic merge patches to a built-in kind', async () => {
    const base = await client.create(cm(ns, 'patched', { a: '1', b: '2' }));
    const merged = await client.patch(base, mergePatch({ data: { b: null, c: '3' } }));
    expect(merged.data).toEqual({ a: '1', c: '3' });
    const jsoned = await client.patch(merged, jsonPatch([{ op: 'replace', path: '/data/a', value: 'x' }]));
    expect(jsoned.data).toEqual({ a: 'x', c: '3' });
    const fromDiff = await client.patch(
      jsoned,
      mergeFrom(jsoned, { ...jsoned, data: { a: 'x' } }, { optimisticLock: true }),
    );
    expect(fromDiff.data).toEqual({ a: 'x' });
    const locked = await client
      .patch(jsoned, mergeFrom(jsoned, { ...jsoned, data: {} }, { optimisticLock: true }))
      .catch((e: unknown) => e);
    expect(isConflict(locked)).toBe(true);

    const d = await client.create(deployment(ns, 'web'));
    // strategic merge merges containers by name; a JSON merge patch would replace the list
    const smp = await client.patch(
      d,
      strategicMergePatch({ spec: { template: { spec: { containers: [{ name: 'side', image: 'busybox:2' }] } } } }),
    );
    expect(smp.spec?.template.spec?.containers.map((c) => `${c.name}=${c.image}`)).toEqual([
      'main=busybox:1',
      'side=busybox:2',
    ]);
  });

  it('should server-side apply with a field manager, report conflicts and take fields with force', async () => {
    const applied = await client.apply(cm(ns, 'ssa', { owned: 'by-a' }), { fieldManager: 'manager-a' });
    expect(applied.metadata?.managedFields?.map((f) => f.manager)).toContain('manager-a');
    const conflict = await client
      .apply(cm(ns, 'ssa', { owned: 'by-b' }), { fieldManager: 'manager-b' })
      .catch((e: unknown) => e);
    expect(isConflict(conflict)).toBe(true);
    const forced = await client.apply(cm(ns, 'ssa', { owned: 'by-b' }), { fieldManager: 'manager-b', force: true });
    expect(forced.data).toEqual({ owned: 'by-b' });
  });

  it('should write status through status() only, for built-in and CRD kinds', async () => {
    await client.create(deployment(ns, 'status'));
    // kube-controller-manager's deployment controller writes status too: re-read and retry on conflict
    const withStatus = await retryOnConflict(async () => {
      const d = await client.get(V1Deployment, { namespace: ns, name: 'status' });
      return client.status().update({ ...d, status: { ...d.status, observedGeneration: 7 } });
    });
    expect(withStatus.status?.observedGeneration).toBe(7);
    const viaMain = await retryOnConflict(async () => {
      const d = await client.get(V1Deployment, { namespace: ns, name: 'status' });
      return client.update({ ...d, status: { observedGeneration: 9 } });
    });
    expect(viaMain.status?.observedGeneration).not.toBe(9); // the main resource ignores status

    const w = await client.create<Widget>({
      apiVersion: 'core.operant.test/v1',
      kind: 'Widget',
      metadata: { namespace: ns, name: 'w-status' },
      spec: { size: 1 },
    });
    const patched = await client.status().patch(w, mergePatch({ status: { phase: 'Ready', ready: 1 } }));
    expect(patched.status).toEqual({ phase: 'Ready', ready: 1 });
    const applied = await client.status().apply<Widget>(
      {
        apiVersion: 'core.operant.test/v1',
        kind: 'Widget',
        metadata: { namespace: ns, name: 'w-status' },
        status: { phase: 'Done' },
      },
      { fieldManager: 'status-owner', force: true },
    );
    expect(applied.status?.phase).toBe('Done');
    expect(applied.spec?.size).toBe(1);
  });

  it('should do CRUD, merge/JSON patches and apply on a CRD kind, and refuse strategic merge for it', async () => {
    const w = await client.create<Widget>({
      apiVersion: 'core.operant.test/v1',
      kind: 'Widget',
      metadata: { namespace: ns, name: 'w1' },
      spec: { size: 2, tags: ['a'] },
    });
    expect((await client.get(WidgetType, { namespace: ns, name: 'w1' })).spec?.size).toBe(2);
    const merged = await client.patch(w, mergePatch({ spec: { color: 'red' } }));
    expect(merged.spec).toEqual({ size: 2, tags: ['a'], color: 'red' });
    const jsoned = await client.patch(merged, jsonPatch([{ op: 'add', path: '/spec/tags/-', value: 'b' }]));
    expect(jsoned.spec?.tags).toEqual(['a', 'b']);
    await expect(client.patch(jsoned, strategicMergePatch({ spec: {} }))).rejects.toThrow(
      'strategic merge patches need a built-in kind',
    );
    const applied = await client.apply<Widget>(
      {
        apiVersion: 'core.operant.test/v1',
        kind: 'Widget',
        metadata: { namespace: ns, name: 'w1' },
        spec: { size: 5 },
      },
      { force: true },
    );
    expect(applied.spec?.size).toBe(5);
    const updated = await client.update({ ...applied, spec: { ...applied.spec, color: 'blue' } });
    expect(updated.spec?.color).toBe('blue');
    const list = await client.list(WidgetType, { namespace: ns });
    expect(list.items.map((i) => i.metadata?.name)).toContain('w1');
    await client.delete(updated);
    await eventually(async () => {
      expect(isNotFound(await client.get(WidgetType, { namespace: ns, name: 'w1' }).catch((e: unknown) => e))).toBe(
        true,
      );
    });
  });

  it('should read metadata only when asked', async () => {
    await client.create(cm(ns, 'meta-only', { big: 'x'.repeat(64) }, { meta: 'yes' }));
    const got = (await client.get(
      V1ConfigMap,
      { namespace: ns, name: 'meta-only' },
      { metadataOnly: true },
    )) as V1ConfigMap;
    expect(got.kind).toBe('PartialObjectMetadata');
    expect(got.metadata?.labels).toEqual({ meta: 'yes' });
    expect(got.data).toBeUndefined();
    const list = await client.list(V1ConfigMap, { namespace: ns, labelSelector: 'meta=yes', metadataOnly: true });
    expect(list.kind).toBe('PartialObjectMetadataList');
    expect(list.items.map((i) => [i.metadata?.name, i.data])).toEqual([['meta-only', undefined]]);
    const page = await client.list(V1ConfigMap, {
      namespace: ns,
      labelSelector: 'meta=yes',
      metadataOnly: true,
      limit: 5,
    });
    expect(page.kind).toBe('PartialObjectMetadataList');
  });

  it('should not persist dry-run writes', async () => {
    const dry = await client.create(cm(ns, 'dry', { a: '1' }), { dryRun: true });
    expect(dry.metadata?.name).toBe('dry');
    expect(isNotFound(await client.get(V1ConfigMap, { namespace: ns, name: 'dry' }).catch((e: unknown) => e))).toBe(
      true,
    );
  });

  it('should honour delete preconditions and deleteAllOf selectors', async () => {
    const target = await client.create(cm(ns, 'precond'));
    const wrongUid = await client
      .delete(target, { preconditions: { uid: '00000000-0000-0000-0000-000000000000' } })
      .catch((e: unknown) => e);
    expect(isConflict(wrongUid)).toBe(true);
    await client.delete(target, { preconditions: { uid: target.metadata?.uid }, propagationPolicy: 'Background' });

    await Promise.all(['x1', 'x2', 'y1'].map((n) => client.create(cm(ns, `bulk-${n}`, {}, { bulk: n[0] as string }))));
    await client.deleteAllOf(V1ConfigMap, { namespace: ns, labelSelector: { matchLabels: { bulk: 'x' } } });
    const left = await client.list(V1ConfigMap, { namespace: ns, labelSelector: 'bulk' });
    expect(left.items.map((i) => i.metadata?.name)).toEqual(['bulk-y1']);
  });

  it('should page live lists: one page with limit, every page without', async () => {
    const rest = (client as ApiClient).rest;
    await Promise.all(Array.from({ length: 7 }, (_, i) => client.create(cm(ns, `page-${i}`, {}, { page: 'yes' }))));
    const first = await client.list(V1ConfigMap, { namespace: ns, labelSelector: 'page=yes', limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.metadata?.continue).toBeTruthy();
    const second = await client.list(V1ConfigMap, {
      namespace: ns,
      labelSelector: 'page=yes',
      limit: 3,
      continue: first.metadata?.continue,
    });
    expect(second.items.map((i) => i.metadata?.name)).not.toContain(first.items[0]?.metadata?.name);
    const seen: URL[] = [];
    const off = rest.onRequest(({ url }) => seen.push(url));
    const all = await client.list(V1ConfigMap, { namespace: ns, labelSelector: 'page=yes' });
    off();
    expect(all.items).toHaveLength(7);
    expect(seen.every((u) => u.searchParams.get('limit') === '500')).toBe(true);
  });

  it('should resolve unregistered kinds through discovery and fail clearly for unknown ones', async () => {
    const fresh = new ApiClient({ kubeConfig: sharedKubeConfig() });
    const created = await fresh.create({
      apiVersion: 'core.operant.test/v1',
      kind: 'Widget',
      metadata: { namespace: ns, name: 'disc' },
      spec: { size: 1 },
    } as Widget);
    expect(created.metadata?.uid).toBeTruthy();
    await expect(
      fresh.create({ apiVersion: 'core.operant.test/v1', kind: 'Gadget', metadata: { namespace: ns, name: 'x' } }),
    ).rejects.toThrow('unable to find kind Gadget in core.operant.test/v1');
    const err = await fresh
      .create({ apiVersion: 'nope.example.com/v1', kind: 'Thing', metadata: { name: 'x' } })
      .catch((e: unknown) => e);
    expect(ClientError.is(err, 'unknownKind')).toBe(true);
  });

  it('should refuse cached reads of kinds that are neither cached nor live', async () => {
    const cache = {
      isCached: () => false,
      get: () => Promise.reject(new Error('unused')),
      list: () => Promise.reject(new Error('unused')),
    };
    const routed = newClient({ kubeConfig: sharedKubeConfig(), cache, readLive: [V1Secret] });
    const err = await routed.get(V1ConfigMap, { namespace: ns, name: 'x' }).catch((e: unknown) => e);
    expect(isNotCached(err)).toBe(true);
    expect((err as Error).message).toBe(
      `unable to get ConfigMap ${ns}/x: ConfigMap is not cached; add it to the cache's byObject options or to the client's readLive list`,
    );
    expect(isNotFound(await routed.get(V1Secret, { namespace: ns, name: 'x' }).catch((e: unknown) => e))).toBe(true);
  });
});
