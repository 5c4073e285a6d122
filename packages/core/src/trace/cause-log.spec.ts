import { describe, expect, it } from '@jest/globals';
import type { CauseOrigin } from './cause.js';
import { CauseLog, MAX_CAUSES_PER_KEY } from './cause-log.js';

const origin: CauseOrigin = { source: 'kind source: Widget', handler: 'enqueueRequestForObject', predicates: ['#0'] };
const object = (name: string, resourceVersion: string) => ({
  kind: 'Widget',
  metadata: { namespace: 'ns', name, resourceVersion, generation: 2, annotations: { traceparent: 'tp' } },
});

describe('CauseLog', () => {
  it("records an add during a dispatch as a cause of that event, and merges a key's causes until it is taken", () => {
    let now = 1000;
    const log = new CauseLog(undefined, () => now);
    log.dispatching('kind', origin, 'update', object('a', '7'));
    log.added('ns/a');
    log.dispatched();
    now = 1005;
    log.requeued('ns/a', 'requeue');
    log.added('ns/a'); // outside any event
    expect(log.take('ns/a')).toEqual({
      causes: [
        {
          source: 'kind',
          at: 1000,
          origin,
          event: 'update',
          kind: 'Widget',
          namespace: 'ns',
          name: 'a',
          resourceVersion: '7',
          generation: 2,
          traceparent: 'tp',
        },
        { source: 'requeue', at: 1005 },
        { source: 'handler', at: 1005 },
      ],
      dropped: 0,
    });
    expect(log.take('ns/a')).toEqual({ causes: [], dropped: 0 });
    expect(log.size).toBe(0);
  });

  it(`keeps at most ${MAX_CAUSES_PER_KEY} causes per key, the newest, and counts the dropped`, () => {
    const log = new CauseLog();
    for (let i = 0; i < MAX_CAUSES_PER_KEY + 3; i++) {
      log.dispatching('kind', origin, 'update', object('a', String(i)));
      log.added('ns/a');
      log.dispatched();
    }
    const taken = log.take('ns/a');
    expect(taken.dropped).toBe(3);
    expect(taken.causes.map((c) => c.resourceVersion)).toEqual(['3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('leaves a delayed requeue waiting until it is due', () => {
    let now = 0;
    const log = new CauseLog(undefined, () => now);
    log.requeued('ns/a', 'requeueAfter', 500);
    log.requeued('ns/a', 'retry');
    expect(log.take('ns/a').causes).toEqual([{ source: 'retry', at: 0 }]);
    expect(log.peek('ns/a')).toEqual([{ source: 'requeueAfter', at: 500, afterMs: 500 }]);
    now = 500;
    expect(log.take('ns/a').causes).toEqual([{ source: 'requeueAfter', at: 500, afterMs: 500 }]);
    expect([...log.keys()]).toEqual([]);
  });

  it('carries an event over an await with capture and within', () => {
    const log = new CauseLog(undefined, () => 0);
    log.dispatching('channel', origin, 'generic', object('a', '1'));
    const event = log.capture();
    log.dispatched();
    expect(log.capture()).toBeUndefined();
    log.within(event, () => log.added('ns/mapped'));
    log.added('ns/later');
    expect(log.take('ns/mapped').causes[0]).toMatchObject({ source: 'channel', name: 'a', event: 'generic' });
    expect(log.take('ns/later').causes[0]).toEqual({ source: 'handler', at: 0 });
  });

  it('calls initial-list causes warmupList while the controller stands by', () => {
    const log = new CauseLog(undefined, () => 0);
    log.standby = true;
    log.dispatching('initialList', origin, 'create', object('a', '1'));
    log.added('ns/a');
    log.standby = false;
    log.dispatching('initialList', origin, 'create', object('b', '1'));
    log.added('ns/b');
    log.dispatched();
    expect(log.take('ns/a').causes[0]?.source).toBe('warmupList');
    expect(log.take('ns/b').causes[0]?.source).toBe('initialList');
  });
});
