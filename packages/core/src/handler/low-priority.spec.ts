import { describe, expect, it } from '@jest/globals';
import type { RequestQueue } from '../api/event-handler.js';
import type { KubernetesObject } from '../api/object.js';
import type { AddOptions } from '../workqueue/priority-queue.js';
import {
  enqueueRequestForObject,
  enqueueRequestForOwner,
  enqueueRequestsFromMapFunc,
  withLowPriorityWhenUnchanged,
} from './index.js';
import { LOW_PRIORITY } from './low-priority.js';

/** A queue as a controller on the priority queue hands it to handlers: every add with its options. */
const priorityQueue = () => {
  const added: string[] = [];
  const record = (name: string, o: AddOptions) =>
    added.push(`${name}@${o.priority ?? 0}${o.afterMs ? ` after ${o.afterMs}` : ''}${o.rateLimited ? ' limited' : ''}`);
  const queue: RequestQueue = {
    add: (r) => record(r.name, {}),
    addAfter: (r, afterMs) => record(r.name, { afterMs }),
    addRateLimited: (r) => record(r.name, { rateLimited: true }),
    addWithOptions: (r, o) => record(r.name, o),
  };
  return { added, queue };
};

const obj = (name: string, resourceVersion: string, owner?: string): KubernetesObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name,
    namespace: 'ns',
    resourceVersion,
    labels: { target: `mapped-${name}` },
    ownerReferences: owner
      ? [{ apiVersion: 'example.com/v1', kind: 'Widget', name: owner, uid: 'u', controller: true }]
      : undefined,
  },
});

describe('withLowPriorityWhenUnchanged', () => {
  const builtIns = {
    enqueueRequestForObject: enqueueRequestForObject(),
    enqueueRequestForOwner: enqueueRequestForOwner({ group: 'example.com', kind: 'Widget', namespaced: true }),
    enqueueRequestsFromMapFunc: enqueueRequestsFromMapFunc((o) => [
      { namespace: 'ns', name: o.metadata?.labels?.target ?? '' },
    ]),
  };

  it.each(Object.entries(builtIns))(
    '%s: initial-list creates and unchanged updates at LOW_PRIORITY, live events at 0',
    async (_name, h) => {
      const { added, queue } = priorityQueue();
      await h.create?.({ object: obj('listed', '1', 'w-listed'), isInInitialList: true }, queue);
      await h.create?.({ object: obj('created', '2', 'w-created'), isInInitialList: false }, queue);
      await h.update?.(
        { objectOld: obj('resynced', '3', 'w-resynced'), objectNew: obj('resynced', '3', 'w-resynced') },
        queue,
      );
      await h.update?.(
        { objectOld: obj('changed', '3', 'w-changed'), objectNew: obj('changed', '4', 'w-changed') },
        queue,
      );
      await h.delete?.({ object: obj('deleted', '5', 'w-deleted'), deleteStateUnknown: false }, queue);
      const names = added.map((a) => a.replace(/^(w-|mapped-)/, ''));
      expect(names).toEqual([
        `listed@${LOW_PRIORITY}`,
        'created@0',
        `resynced@${LOW_PRIORITY}`,
        'changed@0',
        'deleted@0',
      ]);
    },
  );

  it('makes LOW_PRIORITY the default of every kind of add, and keeps a priority the handler asks for', async () => {
    const { added, queue } = priorityQueue();
    const h = withLowPriorityWhenUnchanged({
      create: ({ object }, q) => {
        const r = { namespace: 'ns', name: object.metadata?.name ?? '' };
        q.add(r);
        q.addAfter(r, 10);
        q.addRateLimited(r);
        q.addWithOptions?.(r, { priority: 7 });
      },
    });
    await h.create?.({ object: obj('a', '1'), isInInitialList: true }, queue);
    expect(added).toEqual([`a@${LOW_PRIORITY}`, `a@${LOW_PRIORITY} after 10`, `a@${LOW_PRIORITY} limited`, 'a@7']);
  });

  it('changes nothing on the plain queue (no addWithOptions)', async () => {
    const added: string[] = [];
    const plain: RequestQueue = {
      add: (r) => added.push(r.name),
      addAfter: () => undefined,
      addRateLimited: () => undefined,
    };
    await enqueueRequestForObject().create?.({ object: obj('listed', '1'), isInInitialList: true }, plain);
    expect(added).toEqual(['listed']);
  });
});
