import { describe, expect, it } from '@jest/globals';
import type { RequestQueue } from '../api/event-handler.js';
import type { KubernetesObject } from '../api/object.js';
import type { Request } from '../api/request.js';
import { enqueueRequestForObject, enqueueRequestForOwner, enqueueRequestsFromMapFunc } from './index.js';

const recorder = () => {
  const added: Request[] = [];
  const queue: RequestQueue = {
    add: (r) => added.push(r),
    addAfter: () => undefined,
    addRateLimited: () => undefined,
  };
  return { added, queue };
};

const cm = (name: string, extra: Partial<NonNullable<KubernetesObject['metadata']>> = {}): KubernetesObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'ns', ...extra },
});

describe('enqueueRequestForObject', () => {
  it('enqueues the object itself for every event', async () => {
    const { added, queue } = recorder();
    const h = enqueueRequestForObject();
    await h.create?.({ object: cm('a'), isInInitialList: false }, queue);
    await h.update?.({ objectOld: cm('a'), objectNew: cm('a') }, queue);
    await h.delete?.({ object: cm('b'), deleteStateUnknown: true }, queue);
    await h.generic?.({ object: { metadata: { name: 'node-1' } } }, queue);
    expect(added).toEqual([
      { namespace: 'ns', name: 'a' },
      { namespace: 'ns', name: 'a' },
      { namespace: 'ns', name: 'b' },
      { namespace: '', name: 'node-1' },
    ]);
  });
});

describe('enqueueRequestForOwner', () => {
  const widgetOwner = (name: string, controller?: boolean) => ({
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    name,
    uid: `uid-${name}`,
    controller,
  });

  it('enqueues owners of the right group and kind, ignoring the version', async () => {
    const { added, queue } = recorder();
    const h = enqueueRequestForOwner({ group: 'example.com', kind: 'Widget', namespaced: true });
    const owned = cm('child', {
      ownerReferences: [
        widgetOwner('w1', true),
        { ...widgetOwner('w2'), apiVersion: 'example.com/v2' },
        { ...widgetOwner('other'), apiVersion: 'other.com/v1' },
        { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd', uid: 'u' },
      ],
    });
    await h.create?.({ object: owned, isInInitialList: false }, queue);
    expect(added).toEqual([
      { namespace: 'ns', name: 'w1' },
      { namespace: 'ns', name: 'w2' },
    ]);
  });

  it('with onlyController, enqueues only the controller owner; an update maps old and new without duplicates', async () => {
    const { added, queue } = recorder();
    const h = enqueueRequestForOwner(
      { group: 'example.com', kind: 'Widget', namespaced: true },
      { onlyController: true },
    );
    const before = cm('child', { ownerReferences: [widgetOwner('w1', true), widgetOwner('w2', false)] });
    const after = cm('child', { ownerReferences: [widgetOwner('w1', true), widgetOwner('w3', true)] });
    await h.update?.({ objectOld: before, objectNew: after }, queue);
    expect(added).toEqual([
      { namespace: 'ns', name: 'w1' },
      { namespace: 'ns', name: 'w3' },
    ]);
  });

  it('gives cluster-scoped owners an empty namespace', async () => {
    const { added, queue } = recorder();
    const h = enqueueRequestForOwner({ group: '', kind: 'Namespace', namespaced: false });
    await h.delete?.(
      {
        object: cm('x', { ownerReferences: [{ apiVersion: 'v1', kind: 'Namespace', name: 'ns', uid: 'u' }] }),
        deleteStateUnknown: false,
      },
      queue,
    );
    expect(added).toEqual([{ namespace: '', name: 'ns' }]);
  });
});

describe('enqueueRequestsFromMapFunc', () => {
  it('maps old and new objects with an async function and drops duplicates', async () => {
    const { added, queue } = recorder();
    const h = enqueueRequestsFromMapFunc(async (obj) => {
      await Promise.resolve();
      const target = obj.metadata?.labels?.widget;
      return target ? [{ namespace: obj.metadata?.namespace ?? '', name: target }] : [];
    });
    await h.update?.(
      { objectOld: cm('c', { labels: { widget: 'w1' } }), objectNew: cm('c', { labels: { widget: 'w1' } }) },
      queue,
    );
    await h.update?.(
      { objectOld: cm('c', { labels: { widget: 'w1' } }), objectNew: cm('c', { labels: { widget: 'w2' } }) },
      queue,
    );
    await h.create?.({ object: cm('d'), isInInitialList: true }, queue);
    expect(added).toEqual([
      { namespace: 'ns', name: 'w1' },
      { namespace: 'ns', name: 'w1' },
      { namespace: 'ns', name: 'w2' },
    ]);
  });
});
