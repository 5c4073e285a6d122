import { describe, expect, it } from '@jest/globals';
import { Correlator } from './correlator.js';
import type { Occurrence } from './sink.js';

const at = (ms: number, changes: Partial<Occurrence> = {}): Occurrence => ({
  regarding: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns', name: 'cm', uid: 'u1' },
  type: 'Normal',
  reason: 'Synced',
  action: 'Synced',
  note: 'synced',
  reportingController: 'widget',
  reportingInstance: 'widget-host',
  time: new Date(ms),
  ...changes,
});

describe('Correlator (client-go tools/record)', () => {
  it('creates a core/v1 Event, then counts repeats of the same message on it', () => {
    const correlator = new Correlator();
    const first = correlator.correlate(at(1_000));
    expect(first).toEqual({
      create: expect.objectContaining({
        apiVersion: 'v1',
        kind: 'Event',
        involvedObject: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns', name: 'cm', uid: 'u1' },
        reason: 'Synced',
        message: 'synced',
        source: { component: 'widget' },
        firstTimestamp: '1970-01-01T00:00:01Z',
        lastTimestamp: '1970-01-01T00:00:01Z',
        count: 1,
        type: 'Normal',
      }),
    });
    const name = first !== undefined && 'create' in first ? first.create.metadata?.name : undefined;
    const second = correlator.correlate(at(5_000));
    expect(second).toEqual({
      repeat: expect.objectContaining({
        metadata: { namespace: 'ns', name },
        count: 2,
        firstTimestamp: '1970-01-01T00:00:01Z',
        lastTimestamp: '1970-01-01T00:00:05Z',
      }),
    });
    expect(correlator.correlate(at(6_000, { note: 'other' }))).toHaveProperty('create');
  });

  it('drops what passes the spam filter burst, and lets one more through per refill', () => {
    const correlator = new Correlator({ burst: 3, qps: 1 });
    const results = [0, 1, 2, 3, 4].map((i) => correlator.correlate(at(1_000, { note: `n${i}` })));
    expect(results.map((r) => r !== undefined)).toEqual([true, true, true, false, false]);
    expect(correlator.correlate(at(2_000, { note: 'n5' }))).toBeDefined(); // one token after a second
    expect(correlator.correlate(at(2_000, { note: 'n6' }))).toBeUndefined();
    expect(correlator.correlate(at(2_000, { regarding: { kind: 'ConfigMap', name: 'other' } }))).toBeDefined();
  });

  it('combines the tenth different message for one reason into one counted Event', () => {
    const correlator = new Correlator();
    for (let i = 0; i < 9; i++) expect(correlator.correlate(at(1_000, { note: `m${i}` }))).toHaveProperty('create');
    const combined = correlator.correlate(at(1_000, { note: 'm9' }));
    expect(combined).toEqual({ create: expect.objectContaining({ message: '(combined from similar events): m9' }) });
    expect(correlator.correlate(at(2_000, { note: 'm10' }))).toEqual({
      repeat: expect.objectContaining({ message: '(combined from similar events): m10', count: 2 }),
    });
  });
});
