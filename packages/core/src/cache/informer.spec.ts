import { describe, expect, it } from '@jest/globals';
import { KubeConfig } from '@kubernetes/client-node';
import { noopLogger } from '../api/logger.js';
import type { KubernetesObject } from '../api/object.js';
import { RestClient } from '../client/rest.js';
import { resourceType } from '../resources/resource-type.js';
import { SharedIndexInformer } from './informer.js';
import { composeTransforms, stripManagedFields } from './transform.js';

// The informer's bookkeeping only: its reflectors are never run, so nothing talks to a cluster.
const info = resourceType({ group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true });
const obj = (ns: string, name: string, rv: string): KubernetesObject => ({
  metadata: { namespace: ns, name, resourceVersion: rv, managedFields: [{}] },
});

function newInformer(namespaces?: string[]) {
  const errors: string[] = [];
  const logger = { ...noopLogger, error: (m: string) => errors.push(m), child: () => logger };
  const informer = new SharedIndexInformer(
    new RestClient(new KubeConfig()),
    info,
    { namespaces },
    composeTransforms([stripManagedFields]),
    {
      logger,
    },
  );
  const events: string[] = [];
  informer.addEventHandler({
    onAdd: (o, initial) => {
      events.push(`add ${o.metadata?.name}${initial ? ' initial' : ''}`);
    },
    onUpdate: (a, b) => {
      events.push(`update ${b.metadata?.name} ${a.metadata?.resourceVersion}->${b.metadata?.resourceVersion}`);
    },
    onDelete: (o, unknown) => {
      events.push(`delete ${o.metadata?.name}${unknown ? ' finalStateUnknown' : ''}`);
    },
  });
  return { informer, events, errors };
}

describe('SharedIndexInformer', () => {
  it('should turn a relist into adds, changed-only updates and tombstone deletes', () => {
    const { informer, events } = newInformer();
    const sink = informer.sinkFor(undefined);
    sink.replace([obj('a', 'x', '1'), obj('a', 'y', '1'), obj('b', 'z', '1')]);
    expect(informer.hasSynced()).toBe(true);
    sink.upsert(obj('a', 'w', '2'));
    sink.replace([obj('a', 'x', '1'), obj('a', 'y', '3'), obj('a', 'v', '3')]);
    expect(events).toEqual([
      'add x initial',
      'add y initial',
      'add z initial',
      'add w',
      'update y 1->3',
      'add v',
      'delete z finalStateUnknown',
      'delete w finalStateUnknown',
    ]);
    const stored = informer.store.get('a/y');
    expect(stored?.metadata?.managedFields).toBeUndefined();
    expect(Object.isFrozen(stored?.metadata)).toBe(true);
  });

  it('should sync only when every namespace has listed, and relist one namespace without touching another', async () => {
    const { informer, events } = newInformer(['a', 'b']);
    const synced = informer.waitForSync();
    informer.sinkFor('a').replace([obj('a', 'x', '1')]);
    expect(informer.hasSynced()).toBe(false);
    informer.sinkFor('b').replace([obj('b', 'y', '1')]);
    await expect(synced).resolves.toBe(true);
    informer.sinkFor('a').replace([]);
    expect(events).toEqual(['add x initial', 'add y initial', 'delete x finalStateUnknown']);
    expect([...informer.store.keys()]).toEqual(['b/y']);
  });

  it('should replay current objects to a late handler and survive throwing and rejecting handlers', async () => {
    const { informer, errors } = newInformer();
    informer.addEventHandler({
      onAdd: () => {
        throw new Error('sync boom');
      },
    });
    informer.addEventHandler({ onAdd: () => Promise.reject(new Error('async boom')) });
    const sink = informer.sinkFor(undefined);
    sink.replace([obj('a', 'x', '1')]);
    sink.remove(obj('a', 'x', '2'));
    sink.upsert(obj('a', 'y', '3'));
    await new Promise((r) => setImmediate(r));
    expect(errors).toEqual([
      'event handler failed',
      'event handler failed',
      'event handler failed',
      'event handler failed',
    ]);
    const late: string[] = [];
    const registration = informer.addEventHandler({
      onAdd: (o, initial) => void late.push(`${o.metadata?.name} ${initial}`),
    });
    expect(late).toEqual(['y true']);
    expect(registration.hasSynced()).toBe(true);
    registration.remove();
    sink.upsert(obj('a', 'z', '4'));
    expect(late).toEqual(['y true']);
  });

  it('should answer waitForSync false when its signal aborts first', async () => {
    const { informer } = newInformer();
    const controller = new AbortController();
    const waiting = informer.waitForSync(controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBe(false);
  });
});
