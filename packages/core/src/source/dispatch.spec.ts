import { describe, expect, it } from '@jest/globals';
import type { RequestQueue } from '../api/event-handler.js';
import { noopLogger } from '../api/logger.js';
import type { KubernetesObject } from '../api/object.js';
import { requestKey } from '../api/request.js';
import { enqueueRequestForOwner, enqueueRequestsFromMapFunc } from '../handler/index.js';
import { CAUSE_LOG, CauseLog } from '../trace/cause-log.js';
import { dispatcher } from './dispatch.js';

/** A controller's queue as sources see it: each add records its cause. */
function recordingQueue() {
  const drops: string[] = [];
  const log = new CauseLog(
    (source, predicate) => () => drops.push(`${source} ${predicate}`),
    () => 0,
  );
  const queue = {
    add: (r) => log.added(requestKey(r)),
    addAfter: (r) => log.added(requestKey(r)),
    addRateLimited: (r) => log.added(requestKey(r)),
    [CAUSE_LOG]: log,
  } as RequestQueue;
  return { log, queue, drops };
}

const child = (resourceVersion: string, labels: Record<string, string> = {}): KubernetesObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    namespace: 'ns',
    name: 'child',
    resourceVersion,
    labels,
    ownerReferences: [{ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: 'u', controller: true }],
  },
});

describe('dispatcher', () => {
  const owner = enqueueRequestForOwner({ group: 'example.com', kind: 'Widget', namespaced: true });

  it('records the event, handler and predicates as the cause of each add, telling initial list and resync apart', () => {
    const { log, queue } = recordingQueue();
    const predicates = [{ name: 'always', update: () => true }, {}];
    const dispatch = dispatcher(owner, predicates, queue, noopLogger, {
      name: 'kind source: ConfigMap',
      channel: false,
    });
    dispatch('create', { object: child('1'), isInInitialList: true });
    dispatch('update', { objectOld: child('1'), objectNew: child('1') });
    dispatch('update', { objectOld: child('1'), objectNew: child('2') });
    const causes = log.take('ns/w').causes;
    expect(causes.map((c) => [c.source, c.event, c.kind, c.name, c.resourceVersion])).toEqual([
      ['initialList', 'create', 'ConfigMap', 'child', '1'],
      ['resync', 'update', 'ConfigMap', 'child', '1'],
      ['kind', 'update', 'ConfigMap', 'child', '2'],
    ]);
    expect(causes[2]?.origin).toEqual({
      source: 'kind source: ConfigMap',
      handler: 'enqueueRequestForOwner Widget',
      predicates: ['always', '#1'],
    });
  });

  it('counts an event a predicate drops for the first predicate that said no, and records no cause', () => {
    const { log, queue, drops } = recordingQueue();
    const predicates = [
      { name: 'notSkipped', update: (e: { objectNew: KubernetesObject }) => !e.objectNew.metadata?.labels?.skip },
      { update: () => false },
    ];
    const dispatch = dispatcher(owner, predicates, queue, noopLogger, {
      name: 'kind source: ConfigMap',
      channel: false,
    });
    dispatch('update', { objectOld: child('1'), objectNew: child('2', { skip: 'yes' }) });
    dispatch('update', { objectOld: child('2'), objectNew: child('3') });
    expect(drops).toEqual(['kind source: ConfigMap notSkipped', 'kind source: ConfigMap #1']);
    expect(log.size).toBe(0);
  });

  it("keeps an async map function's adds as causes of its event, and names channel events", async () => {
    const { log, queue } = recordingQueue();
    const map = enqueueRequestsFromMapFunc(async () => {
      await Promise.resolve();
      return [{ namespace: 'ns', name: 'mapped' }];
    });
    const dispatch = dispatcher(map, [], queue, noopLogger, { name: 'channel source', channel: true });
    await dispatch('generic', { object: child('4') });
    expect(log.take('ns/mapped').causes).toEqual([
      expect.objectContaining({
        source: 'channel',
        event: 'generic',
        name: 'child',
        origin: { source: 'channel source', handler: 'enqueueRequestsFromMapFunc', predicates: [] },
      }),
    ]);
  });
});
