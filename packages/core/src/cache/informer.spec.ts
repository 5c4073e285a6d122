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

const labelled = (name: string, rv: string, shard: string): KubernetesObject => ({
  metadata: { namespace: 'a', name, resourceVersion: rv, labels: { shard } },
});

function newInformer(namespaces?: string[], labelSelector?: string) {
  const errors: string[] = [];
  const logger = { ...noopLogger, error: (m: string) => errors.push(m), child: () => logger };
  const informer = new SharedIndexInformer(
    new RestClient(new KubeConfig()),
    info,
    { namespaces, labelSelector },
    composeTransforms([stripManagedFields]),
    {
      logger,
    },
  );
  const events: string[] = [];
  informer.addEventHandler({
    onAdd: (o, initial, echoOf) => {
      events.push(`add ${o.metadata?.name}${initial ? ' initial' : ''}${echoOf ? ` echo ${echoOf}` : ''}`);
    },
    onUpdate: (a, b, echoOf) => {
      events.push(
        `update ${b.metadata?.name} ${a.metadata?.resourceVersion}->${b.metadata?.resourceVersion}${echoOf ? ` echo ${echoOf}` : ''}`,
      );
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

  it('should read own writes until the store catches up, transformed and not touching the caller', () => {
    const { informer } = newInformer();
    const sink = informer.sinkFor(undefined);
    sink.replace([obj('a', 'x', '5')]);
    const answer = obj('a', 'x', '7');
    informer.observeWrite(answer, undefined);
    expect(answer.metadata?.managedFields).toHaveLength(1);
    expect(Object.isFrozen(answer)).toBe(false);
    const read = informer.read('a/x');
    expect(read?.metadata?.resourceVersion).toBe('7');
    expect(read?.metadata?.managedFields).toBeUndefined();
    expect(informer.read('a/x', false)?.metadata?.resourceVersion).toBe('5');
    informer.observeWrite(obj('a', 'new', '8'), undefined);
    expect([...informer.newerWrites().keys()]).toEqual(['a/x', 'a/new']);
    sink.upsert(obj('a', 'x', '7'));
    sink.remove(obj('a', 'new', '9'));
    expect(informer.newerWrites().size).toBe(0);
    expect(informer.read('a/new')).toBeUndefined();
  });

  it('should mark only the watch event with the written resourceVersion as an echo', () => {
    const { informer, events } = newInformer();
    const sink = informer.sinkFor(undefined);
    sink.replace([obj('a', 'x', '5')]);
    informer.observeWrite(obj('a', 'x', '7'), 'c1');
    sink.upsert(obj('a', 'x', '6'));
    sink.upsert(obj('a', 'x', '7'));
    informer.observeWrite(obj('a', 'y', '8'), 'c1');
    sink.upsert(obj('a', 'y', '8'));
    informer.observeWrite(obj('a', 'x', '10'), 'c1');
    sink.replace([obj('a', 'x', '10'), obj('a', 'y', '8')]);
    expect(events).toEqual([
      'add x initial',
      'update x 5->6',
      'update x 6->7 echo c1',
      'add y echo c1',
      'update x 7->10',
    ]);
  });

  it('should not hold writes of objects outside its scope', () => {
    const { informer } = newInformer(['a'], 'app=web');
    informer.sinkFor('a').replace([]);
    informer.observeWrite({ metadata: { namespace: 'b', name: 'x', resourceVersion: '3' } }, undefined);
    informer.observeWrite({ metadata: { namespace: 'a', name: 'y', resourceVersion: '3' } }, undefined);
    informer.observeWrite(
      { metadata: { namespace: 'a', name: 'z', resourceVersion: '3', labels: { app: 'web' } } },
      undefined,
    );
    expect([...informer.newerWrites().keys()]).toEqual(['a/z']);
  });

  describe('rescope', () => {
    // not started: a rescope swaps the reflectors at once; the sink stands in for the new ones' first list
    it('should put the new first list through the store as a relist, its adds flagged initial', async () => {
      const { informer, events } = newInformer();
      informer.sinkFor(undefined).replace([labelled('x', '1', 'a'), labelled('y', '1', 'a'), labelled('w', '1', 'b')]);
      const before = informer.sinkFor(undefined);
      await informer.rescope({ labelSelector: 'shard in (b,c)' });
      before.upsert(labelled('late', '9', 'a'));
      expect(informer.hasSynced()).toBe(true);
      informer.sinkFor(undefined).replace([labelled('w', '2', 'b'), labelled('z', '1', 'c')]);
      informer.sinkFor(undefined).upsert(labelled('v', '3', 'c'));
      expect(events).toEqual([
        'add x initial',
        'add y initial',
        'add w initial',
        'update w 1->2',
        'add z initial',
        'delete x finalStateUnknown',
        'delete y finalStateUnknown',
        'add v',
      ]);
      expect([...informer.store.keys()].sort()).toEqual(['a/v', 'a/w', 'a/z']);
    });

    it('should fire nothing for objects listed again unchanged', async () => {
      const { informer, events } = newInformer();
      informer.sinkFor(undefined).replace([labelled('x', '1', 'a')]);
      await informer.rescope({ labelSelector: 'shard=a' });
      informer.sinkFor(undefined).replace([labelled('x', '1', 'a')]);
      expect(events).toEqual(['add x initial']);
    });

    it('should hold nothing, run no reflector and count as synced with a null scope', async () => {
      const { informer, events } = newInformer(['a', 'b']);
      await informer.rescope(null);
      expect(informer.hasSynced()).toBe(true);
      await expect(informer.waitForSync()).resolves.toBe(true);
      expect(informer.health()).toMatchObject({ synced: true, objects: 0, reflectors: [], lastEventTime: undefined });
      informer.observeWrite(labelled('x', '1', 'a'), undefined);
      expect(informer.newerWrites().size).toBe(0);
      expect(events).toEqual([]);
    });

    it('should delete everything with finalStateUnknown going from a scope to null', async () => {
      const { informer, events } = newInformer(['a']);
      informer.sinkFor('a').replace([labelled('x', '1', 'a'), labelled('y', '1', 'b')]);
      informer.observeWrite(labelled('w', '2', 'a'), undefined);
      await informer.rescope(null);
      expect(events).toEqual([
        'add x initial',
        'add y initial',
        'delete x finalStateUnknown',
        'delete y finalStateUnknown',
      ]);
      expect(informer.store.size).toBe(0);
      expect(informer.newerWrites().size).toBe(0);
      await informer.rescope({});
      expect(informer.health().reflectors.map((r) => r.namespace)).toEqual(['a']);
      informer.sinkFor('a').replace([labelled('x', '1', 'a')]);
      expect(events.at(-1)).toBe('add x initial');
    });

    it('should not hold own writes outside the shard, and drop held ones the new shard excludes', async () => {
      const { informer } = newInformer();
      informer.sinkFor(undefined).replace([]);
      informer.observeWrite(labelled('x', '2', 'a'), undefined);
      informer.observeWrite(labelled('y', '2', 'b'), undefined);
      await informer.rescope({ matches: (o) => o.metadata?.labels?.shard === 'b' });
      expect([...informer.newerWrites().keys()]).toEqual(['a/y']);
      informer.observeWrite(labelled('z', '3', 'a'), undefined);
      informer.observeWrite(labelled('v', '3', 'b'), undefined);
      expect([...informer.newerWrites().keys()]).toEqual(['a/y', 'a/v']);
      await informer.rescope({ labelSelector: 'shard=c' });
      expect(informer.newerWrites().size).toBe(0);
    });
  });
});
