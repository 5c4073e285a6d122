import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject } from '@operant/core';
import { isNotFound } from '@operant/core';
import { ClientError } from '@operant/core/client';
import { seededRandom } from './random.js';
import { StaleReads, staleVersion } from './stale-reads.js';

const info = { group: 'demo.operant.dev', version: 'v1', kind: 'Widget', plural: 'widgets', namespaced: true };
const key = { namespace: 'ns', name: 'web' };
const widget = (resourceVersion: string, generation: number, replicas = generation): KubernetesObject =>
  ({
    apiVersion: 'demo.operant.dev/v1',
    kind: 'Widget',
    metadata: { namespace: 'ns', name: 'web', resourceVersion, generation, labels: { app: 'web' } },
    spec: { replicas },
  }) as KubernetesObject;
const missing = () => Promise.reject(new ClientError('notFound', 'unable to get Widget ns/web: not found'));

describe('staleVersion', () => {
  it('is the last version of an earlier generation', () => {
    expect(staleVersion([widget('1', 1), widget('2', 1), widget('3', 2), widget('4', 2)])).toEqual(widget('2', 1));
  });

  it('is nothing for an object that had a single generation', () => {
    expect(staleVersion([widget('1', 1), widget('2', 1)])).toBeUndefined();
    expect(staleVersion([undefined, widget('5', 1)])).toBeUndefined();
  });

  it('is the last version of a deleted object', () => {
    expect(staleVersion([widget('1', 1), widget('2', 1), undefined])).toEqual(widget('2', 1));
  });

  it('is the previous version of a kind without generations', () => {
    const cm = (rv: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', resourceVersion: rv } });
    expect(staleVersion([cm('1'), cm('2'), cm('3')])).toEqual(cm('2'));
  });
});

describe('StaleReads', () => {
  function stale(point: string | undefined, windowMs = 40) {
    const delivered: [KubernetesObject | undefined, KubernetesObject | undefined][] = [];
    let current: KubernetesObject | undefined = widget('3', 2);
    const reads = new StaleReads(
      point === undefined ? undefined : { kind: 'staleRead', seed: 1, point },
      windowMs,
      seededRandom(1),
      async () => current,
      { deliver: (_info, was, now) => delivered.push([was, now]) },
      async () => ({ controller: 'widget', reconcile: 1 }),
    );
    return {
      reads,
      delivered,
      setCurrent: (obj: KubernetesObject | undefined) => {
        current = obj;
      },
    };
  }

  it('names reads of objects with a history by generation, and serves the cache without a window', async () => {
    const { reads } = stale(undefined);
    await expect(reads.get(info, key, missing)).rejects.toThrow('not found');
    expect(reads.points).toEqual([]);
    await reads.get(info, key, async () => widget('1', 1));
    await reads.get(info, key, async () => widget('2', 1));
    await reads.get(info, key, async () => widget('3', 2));
    await expect(reads.get(info, key, missing)).rejects.toThrow('not found');
    expect(reads.points).toEqual(['Widget/web@1#1', 'Widget/web@1#2', 'Widget/web@2#1', 'Widget/web@gone#1']);
    expect(reads.open).toBe(false);
  });

  it('serves the earlier generation in its window, in gets and lists, then delivers the change it held back', async () => {
    const { reads, delivered } = stale('Widget/web@2#1');
    await reads.get(info, key, async () => widget('1', 1));
    await expect(reads.get(info, key, async () => widget('3', 2))).resolves.toEqual(widget('1', 1));
    expect(reads.open).toBe(true);
    await new Promise((resolve) => setImmediate(resolve)); // the controller is looked up after the fact
    expect(reads.injection).toMatchObject({ on: 'get Widget ns/web', controller: 'widget', reconcile: 1 });
    expect(reads.injection?.what).toMatch(
      /^stale read Widget\/web@2#1 \(a window of \d+ ms showing resourceVersion 1, generation 1\)$/,
    );
    const other = { ...widget('9', 1), metadata: { namespace: 'ns', name: 'other', resourceVersion: '9' } };
    const list = await reads.list(info, { namespace: 'ns', labelSelector: 'app=web' }, async () => ({
      items: [widget('3', 2), other],
    }));
    expect(list.items).toEqual([other, widget('1', 1)]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(reads.open).toBe(false);
    expect(delivered).toEqual([[widget('1', 1), widget('3', 2)]]);
    await expect(reads.get(info, key, async () => widget('3', 2))).resolves.toEqual(widget('3', 2));
  });

  it('shows a new object absent, and a deleted one still present', async () => {
    const absent = stale('Widget/web@1#1');
    const err = await absent.reads.get(info, key, async () => widget('1', 1)).catch((e: unknown) => e);
    expect(isNotFound(err)).toBe(true);
    expect((err as Error).message).toMatch(/^unable to get Widget ns\/web: /);
    absent.reads.stop();

    const deleted = stale('Widget/web@gone#1');
    deleted.setCurrent(undefined);
    await deleted.reads.get(info, key, async () => widget('1', 1));
    await expect(deleted.reads.get(info, key, missing)).resolves.toEqual(widget('1', 1));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(deleted.delivered).toEqual([[widget('1', 1), undefined]]);
  });

  it('leaves a stale object out of a list whose selector it does not match', async () => {
    const { reads } = stale('Widget/web@2#1');
    await reads.get(info, key, async () => widget('1', 1));
    await reads.get(info, key, async () => widget('3', 2));
    const list = await reads.list(info, { namespace: 'ns', labelSelector: 'app=db' }, async () => ({ items: [] }));
    expect(list.items).toEqual([]);
    reads.stop();
  });
});
