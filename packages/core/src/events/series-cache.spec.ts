import { describe, expect, it } from '@jest/globals';
import { SeriesCache } from './series-cache.js';
import type { Occurrence } from './sink.js';

const at = (ms: number, changes: Partial<Occurrence> = {}): Occurrence => ({
  regarding: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns', name: 'cm', uid: 'u1', resourceVersion: '7' },
  type: 'Warning',
  reason: 'SizeMissing',
  action: 'Reconcile',
  note: 'spec.size is not set',
  reportingController: 'widget',
  reportingInstance: 'widget-host',
  time: new Date(ms),
  ...changes,
});

describe('SeriesCache (client-go tools/events)', () => {
  it('creates the first occurrence, starts a series with the second, only counts the later ones', () => {
    const cache = new SeriesCache();
    const first = cache.observe(at(1_000));
    expect(first).toMatchObject({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { namespace: 'ns' },
      eventTime: '1970-01-01T00:00:01.000000Z',
      reportingController: 'widget',
      reportingInstance: 'widget-host',
      action: 'Reconcile',
      reason: 'SizeMissing',
      note: 'spec.size is not set',
      type: 'Warning',
      regarding: { kind: 'ConfigMap', name: 'cm', uid: 'u1' },
    });
    expect(first?.metadata?.name).toMatch(/^cm\.[0-9a-f]+$/);
    expect(first?.series).toBeUndefined();
    const second = cache.observe(at(2_000));
    expect(second?.metadata?.name).toBe(first?.metadata?.name);
    expect(second?.series).toEqual({ count: 2, lastObservedTime: '1970-01-01T00:00:02.000000Z' });
    expect(cache.observe(at(3_000))).toBeUndefined();
    expect(cache.observe(at(4_000, { note: 'another note' }))).toBeUndefined(); // the note is not in the key
    expect(cache.unwritten()).toEqual([
      expect.objectContaining({ series: { count: 4, lastObservedTime: '1970-01-01T00:00:04.000000Z' } }),
    ]);
    expect(cache.unwritten()).toEqual([]); // written now
    expect(cache.series()).toHaveLength(1); // the heartbeat writes it anyway
  });

  it('keeps different objects, reasons, actions, types and related objects apart', () => {
    const cache = new SeriesCache();
    const variants: Partial<Occurrence>[] = [
      {},
      { reason: 'Other' },
      { action: 'Other' },
      { type: 'Normal' },
      { reportingController: 'other' },
      { regarding: { kind: 'ConfigMap', namespace: 'ns', name: 'cm', uid: 'u1', resourceVersion: '8' } },
      { related: { kind: 'Secret', namespace: 'ns', name: 's' } },
    ];
    for (const v of variants) expect(cache.observe(at(1_000, v))?.series).toBeUndefined();
    expect(cache.size).toBe(variants.length);
  });

  it('finishes series not repeated since the cut-off (returning those with an unwritten count) and forgets old singletons', () => {
    const cache = new SeriesCache();
    cache.observe(at(1_000));
    cache.observe(at(2_000));
    cache.observe(at(3_000)); // count 3, the API server has 2
    cache.observe(at(1_000, { reason: 'Once' }));
    cache.observe(at(9_000, { reason: 'Recent' }));
    const ended = cache.finish(5_000);
    expect(ended.map((e) => [e.reason, e.series?.count])).toEqual([['SizeMissing', 3]]);
    expect(cache.size).toBe(1);
    expect(cache.observe(at(10_000))?.series).toBeUndefined(); // a new Event, not the old series
  });

  it('names Events about objects whose name is no DNS subdomain with a UUID', () => {
    const cache = new SeriesCache();
    const event = cache.observe(at(1_000, { regarding: { kind: 'Node', name: 'Upper_Case' } }));
    expect(event?.metadata).toEqual({ namespace: 'default', name: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});
