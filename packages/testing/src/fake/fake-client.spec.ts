/**
 * What the conformance suite cannot compare with a real API server: the fake's own
 * features (indexes, interceptors, the write log, informer events, seeding) and its
 * documented differences (no discovery, synchronous GC, positional continue tokens).
 */
import { describe, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Pod } from '@kubernetes/client-node';
import { isConflict } from '@operant/core';
import { deepCopy } from '@operant/core/api';
import { ClientError } from '@operant/core/client';
import { resourceType } from '@operant/core/resources';
import { fakeClient } from './builder.js';
import { FakeInformers } from './informers.js';
import { failWith } from './interceptor.js';
import type { WatchEvent } from './tracker.js';

const pod = (name: string, node: string): V1Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { namespace: 'ns', name },
  spec: { nodeName: node, containers: [{ name: 'c', image: 'registry.invalid/c:1' }] },
});
const cm = (name: string, data: Record<string, string> = {}): V1ConfigMap => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { namespace: 'ns', name },
  data,
});

/** A fake client holding ConfigMap `owner` and ConfigMap `dep`, which `owner` owns. */
async function ownerAndDependent() {
  const client = fakeClient().build();
  const owner = await client.create(cm('owner'));
  const ref = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata?.uid as string };
  await client.create({ ...cm('dep'), metadata: { namespace: 'ns', name: 'dep', ownerReferences: [ref] } });
  return { client, owner };
}

describe('fakeClient', () => {
  it('seeds objects as they are, status included, filling uid, creationTimestamp and resourceVersion', async () => {
    const client = fakeClient()
      .withObjects({ ...pod('p', 'n1'), status: { phase: 'Running' } } as V1Pod)
      .build();
    const stored = await client.get(V1Pod, { namespace: 'ns', name: 'p' });
    expect(stored.status).toEqual({ phase: 'Running' });
    expect(stored.metadata).toMatchObject({ generation: 1, resourceVersion: '1000' });
    expect(stored.metadata?.uid).toBeDefined();
    expect(() => fakeClient().withObjects(pod('p', 'a'), pod('p', 'b')).build()).toThrow(
      'unable to seed the fake client: Pod ns/p is given twice',
    );
  });

  it('hands out frozen objects on reads, as the cached client does, unless told otherwise', async () => {
    const frozen = fakeClient()
      .withObjects(cm('a', { k: 'v' }))
      .build();
    const read = await frozen.get(V1ConfigMap, { namespace: 'ns', name: 'a' });
    expect(() => {
      (read.data as Record<string, string>).k = 'w';
    }).toThrow(TypeError);
    const copy = deepCopy(read);
    (copy.data as Record<string, string>).k = 'w';
    expect((await frozen.update(copy)).data).toEqual({ k: 'w' });
    const mutable = fakeClient()
      .withMutableReads()
      .withObjects(cm('a', { k: 'v' }))
      .build();
    const own = await mutable.get(V1ConfigMap, { namespace: 'ns', name: 'a' });
    (own.data as Record<string, string>).k = 'w';
    expect((await mutable.get(V1ConfigMap, { namespace: 'ns', name: 'a' })).data).toEqual({ k: 'v' });
  });

  it('answers matchingFields from a registered index, as the cache does', async () => {
    const client = fakeClient()
      .withIndex(V1Pod, 'spec.nodeName', (p) => [p.spec?.nodeName ?? ''])
      .withObjects(pod('a', 'n1'), pod('b', 'n2'), pod('c', 'n1'))
      .build();
    const onN1 = await client.list(V1Pod, { matchingFields: { 'spec.nodeName': 'n1' } });
    expect(onN1.items.map((p) => p.metadata?.name)).toEqual(['a', 'c']);
    await client.delete(pod('a', 'n1'));
    const after = await client.list(V1Pod, { namespace: 'ns', matchingFields: { 'spec.nodeName': 'n1' } });
    expect(after.items.map((p) => p.metadata?.name)).toEqual(['c']);
  });

  it('fails the next matching calls with the error the real client would throw', async () => {
    const client = fakeClient().withObjects(cm('a')).build();
    const remove = client.intercept(failWith('conflict', { verb: 'update', name: 'a' }, 2));
    const current = await client.get(V1ConfigMap, { namespace: 'ns', name: 'a' });
    const err = await client.update(current).catch((e: unknown) => e);
    expect(isConflict(err)).toBe(true);
    expect((err as ClientError).message).toBe(
      'unable to update ConfigMap ns/a: Operation cannot be fulfilled on configmaps "a": the object has been modified; please apply your changes to the latest version and try again',
    );
    await expect(client.update(current)).rejects.toThrow(ClientError);
    await expect(client.update(current)).resolves.toBeDefined();
    remove();
  });

  it('logs every write with its outcome, dry runs included', async () => {
    const client = fakeClient().build();
    await client.create(cm('a', { k: 'v' }), { fieldManager: 'me' });
    await client.create(cm('b'), { dryRun: true });
    await client.create(cm('a')).catch(() => undefined);
    await client.delete(cm('a'));
    expect(
      client.writes.map((w) => [w.verb, w.name, w.dryRun, w.fieldManager, w.error?.kind, w.object?.metadata?.name]),
    ).toEqual([
      ['create', 'a', false, 'me', undefined, 'a'],
      ['create', 'b', true, 'operant', undefined, 'b'],
      ['create', 'a', false, 'operant', 'alreadyExists', undefined],
      ['delete', 'a', false, undefined, undefined, 'a'],
    ]);
  });

  it('tells informers about every write, after replaying what is stored', async () => {
    const client = fakeClient().withObjects(cm('a')).build();
    const seen: string[] = [];
    new FakeInformers(client).getInformer(V1ConfigMap).addEventHandler({
      onAdd: (o, initial) => void seen.push(`add ${o.metadata?.name} ${initial}`),
      onUpdate: (o, n) => void seen.push(`update ${o.metadata?.resourceVersion}->${n.metadata?.resourceVersion}`),
      onDelete: (o) => void seen.push(`delete ${o.metadata?.name}`),
    });
    const b = await client.create(cm('b'));
    await client.update({ ...b, data: { x: 'y' } });
    await client.delete(b);
    expect(seen).toEqual(['add a true', 'add b false', 'update 1001->1002', 'delete b']);
  });

  it('emits only DELETED when an update removes the last finalizer of a deleted object', async () => {
    const client = fakeClient().build();
    const events: WatchEvent['type'][] = [];
    const created = await client.create({ ...cm('f'), metadata: { namespace: 'ns', name: 'f', finalizers: ['x/y'] } });
    client.tracker.subscribe(client.resourceInfo(V1ConfigMap), (e) => events.push(e.type));
    await client.delete(created);
    const marked = await client.get(V1ConfigMap, { namespace: 'ns', name: 'f' });
    const last = await client.update({ ...marked, metadata: { ...marked.metadata, finalizers: [] } });
    expect(last.metadata?.finalizers).toEqual([]);
    expect(events).toEqual(['MODIFIED', 'DELETED']);
  });

  it('orphans dependents on an Orphan delete', async () => {
    const { client, owner } = await ownerAndDependent();
    await client.delete(owner, { propagationPolicy: 'Orphan' });
    const dep = await client.get(V1ConfigMap, { namespace: 'ns', name: 'dep' });
    expect(dep.metadata?.ownerReferences).toBeUndefined();
  });

  it('withCache: reads only cached, watched and live kinds, as the manager client; the API reader reads all', async () => {
    const client = fakeClient()
      .withObjects(pod('p', 'n1'), cm('c'))
      .withCache({ readLive: [V1ConfigMap] })
      .build();
    const refused = await client.list(V1Pod, { namespace: 'ns' }).catch((e: unknown) => e);
    expect(ClientError.is(refused, 'notCached')).toBe(true);
    expect((refused as Error).message).toBe(
      "unable to list Pod in ns: Pod is not cached; add it to the cache's byObject options or to the client's readLive list",
    );
    await expect(client.get(V1Pod, { namespace: 'ns', name: 'p' })).rejects.toThrow(
      'unable to get Pod ns/p: Pod is not cached',
    );
    expect((await client.get(V1ConfigMap, { namespace: 'ns', name: 'c' })).metadata?.name).toBe('c');
    expect((await client.apiReader().list(V1Pod)).items).toHaveLength(1);
    new FakeInformers(client).getInformer(V1Pod); // a controller watches Pods: the cache holds them
    expect((await client.get(V1Pod, { namespace: 'ns', name: 'p' })).metadata?.name).toBe('p');
    expect((await fakeClient().withObjects(pod('p', 'n1')).build().list(V1Pod)).items).toHaveLength(1); // no withCache: all
  });

  it('knows kinds without a class only when told (it has no discovery)', async () => {
    const Thing = resourceType({ group: 'x.test', version: 'v1', kind: 'Thing', plural: 'things', namespaced: true });
    const thing = { apiVersion: 'x.test/v1', kind: 'Thing', metadata: { namespace: 'ns', name: 't' } };
    await expect(fakeClient().build().create(thing)).rejects.toThrow(
      'unable to create an object: no kind Thing in x.test/v1 is known to the fake client; name it with fakeClient().withKinds(...) (the fake has no discovery)',
    );
    await expect(fakeClient().withKinds(Thing).build().create(thing)).resolves.toBeDefined();
  });
});

describe('fakeClient, documented differences', () => {
  it('needs no namespace to exist, and filters built-in kinds by any field path', async () => {
    const client = fakeClient().build();
    await client.create(pod('a', 'n1'));
    await client.create(pod('b', 'n2'));
    const onN2 = await client.list(V1Pod, { fieldSelector: { 'spec.nodeName': 'n2' } });
    expect(onN2.items.map((p) => p.metadata?.name)).toEqual(['b']);
  });

  it('treats Foreground deletion as Background: dependents go at once', async () => {
    const { client, owner } = await ownerAndDependent();
    await client.delete(owner, { propagationPolicy: 'Foreground' });
    await expect(client.get(V1ConfigMap, { namespace: 'ns', name: 'owner' })).rejects.toThrow('not found');
    await expect(client.get(V1ConfigMap, { namespace: 'ns', name: 'dep' })).rejects.toThrow('not found');
  });

  it('gives continue tokens that are positions in the current list', async () => {
    const client = fakeClient().withObjects(cm('a'), cm('b'), cm('c')).build();
    const first = await client.list(V1ConfigMap, { limit: 1 });
    await client.delete(cm('a'));
    const next = await client.list(V1ConfigMap, { limit: 1, continue: first.metadata?.continue });
    expect(next.items.map((o) => o.metadata?.name)).toEqual(['c']); // a snapshot would give b
  });

  it('takes timestamps from withNow', async () => {
    const client = fakeClient()
      .withNow(() => new Date('2026-01-02T03:04:05.678Z'))
      .build();
    const created = await client.create(cm('t'));
    expect(created.metadata?.creationTimestamp).toBe('2026-01-02T03:04:05Z');
  });
});
