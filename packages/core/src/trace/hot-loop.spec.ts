import { describe, expect, it } from '@jest/globals';
import { changedFields } from './changed-fields.js';
import { HotLoopWindow } from './hot-loop.js';
import { OwnWrites } from './own-writes.js';

describe('HotLoopWindow', () => {
  it('finds a hot loop once per window: more than N reconciles, mostly by own writes', () => {
    const window = new HotLoopWindow();
    const found: number[] = [];
    const reports: unknown[] = [];
    for (let i = 0; i < 30; i++) {
      if (!window.observe(i * 100, true, 5, 60_000)) continue;
      found.push(i);
      reports.push(window.report(['status.phase']));
    }
    expect(found).toEqual([5]);
    expect(reports).toEqual([
      {
        since: 0,
        reconciles: 6,
        ownWrites: 6,
        changedFields: ['status.phase'],
      },
    ]);
    expect(window.found?.reconciles).toBe(6);
    // a new window may warn again
    expect(window.observe(70_000, true, 0, 60_000)).toBe(true);
  });

  it('does not find one when most reconciles had other causes', () => {
    const window = new HotLoopWindow();
    const found = Array.from({ length: 30 }, (_, i) => window.observe(i, i % 3 === 0, 5, 60_000));
    expect(found).not.toContain(true);
  });

  it('does not find one when the reconciles spread over more than the window', () => {
    const window = new HotLoopWindow();
    const found = Array.from({ length: 30 }, (_, i) => window.observe(i * 20_000, true, 5, 60_000));
    expect(found).not.toContain(true);
  });
});

describe('changedFields', () => {
  it('names the leaves that differ, without resourceVersion, managedFields and generation', () => {
    const before = {
      metadata: { name: 'a', resourceVersion: '1', generation: 1, managedFields: [{ time: 't1' }] },
      spec: { ports: [{ port: 80 }], same: { x: 1 } },
      status: { lastUpdated: 't1' },
    };
    const after = {
      metadata: { name: 'a', resourceVersion: '2', generation: 2, managedFields: [{ time: 't2' }], labels: { x: 'y' } },
      spec: { ports: [{ port: 81 }], same: { x: 1 } },
      status: { lastUpdated: 't2' },
    };
    expect(changedFields(before, after)).toEqual(['metadata.labels', 'spec.ports.0.port', 'status.lastUpdated']);
    expect(changedFields(before, structuredClone(before))).toEqual([]);
    expect(changedFields({ a: 1, b: 1, c: 1 }, { a: 2, b: 2, c: 2 }, 2)).toEqual(['a', 'b']);
  });
});

describe('OwnWrites', () => {
  it('knows its resourceVersions and the last two versions of an object it wrote', () => {
    const own = new OwnWrites();
    const version = (rv: string, phase: string) => ({
      kind: 'Widget',
      metadata: { namespace: 'ns', name: 'a', resourceVersion: rv },
      status: { phase },
    });
    expect(own.wrote('PUT', version('5', 'one'))).toEqual({
      verb: 'PUT',
      kind: 'Widget',
      namespace: 'ns',
      name: 'a',
      resourceVersion: '5',
    });
    expect(own.versionsOf('5')).toBeUndefined();
    own.wrote('PUT', version('9', 'two'));
    expect(own.isOwn('5')).toBe(true);
    expect(own.isOwn('6')).toBe(false);
    expect(own.isOwn(undefined)).toBe(false);
    expect(own.versionsOf('9')).toEqual({ previous: version('5', 'one'), last: version('9', 'two') });
  });
});
