import { describe, expect, it } from '@jest/globals';
import type { KeyReconciles, ReconcileHistorySource, ReconcileRecord } from '@operant/core/trace';
import { isHistorySource, retryingKeys, stuck } from './convergence.js';

const record = (result: string, startedAt: number, error?: string): ReconcileRecord => ({
  startedAt,
  durationMs: 1,
  result,
  error,
  causes: [],
  droppedCauses: 0,
  ownWriteCauses: 0,
  writes: [],
});

function source(...keys: Partial<KeyReconciles>[]): ReconcileHistorySource {
  return {
    name: 'widget',
    recordsCauses: true,
    recentReconciles: () => ({
      controller: 'widget',
      keys: keys.map((k) => ({ namespace: 'ns', name: 'web', reconciles: [], waiting: [], ...k })),
    }),
  };
}

const retry = [{ source: 'retry' as const, at: 0 }];
const failures = (n: number, from = 100) => Array.from({ length: n }, (_, i) => record('error', from + i, `boom ${i}`));

describe('retryingKeys', () => {
  it('names the keys waiting for a retry after an error, and no others', () => {
    expect(retryingKeys([source({ waiting: retry }, { name: 'db', waiting: [{ source: 'kind', at: 0 }] })])).toEqual([
      'widget ns/web',
    ]);
  });
});

describe('stuck', () => {
  it('finds an error loop: the last 5 reconciles failed, the last after the run stopped being busy', () => {
    expect(stuck([source({ reconciles: failures(5), waiting: retry })], 100)).toBe(
      'controller widget is in an error loop on ns/web: its last 5 reconciles failed, the last with: boom 4',
    );
  });

  it('does not call it a loop with fewer failures, a success among them, no retry waiting, or failures while busy', () => {
    expect(stuck([source({ reconciles: failures(4), waiting: retry })], 0)).toBeUndefined();
    expect(
      stuck([source({ reconciles: [...failures(4), record('success', 200)], waiting: retry })], 0),
    ).toBeUndefined();
    expect(stuck([source({ reconciles: failures(5) })], 0)).toBeUndefined();
    expect(stuck([source({ reconciles: failures(5), waiting: retry })], 1_000)).toBeUndefined();
  });

  it('reports the hot loop the trace module found', () => {
    const hotLoop = { since: 0, reconciles: 11, ownWrites: 11, changedFields: ['status.lastSync'] };
    expect(stuck([source({ hotLoop })], 0)).toBe(
      'controller widget is in a hot loop on ns/web: 11 reconciles, 11 of them caused by its own writes, changing status.lastSync',
    );
  });
});

describe('isHistorySource', () => {
  it('recognises what remembers its reconciles', () => {
    expect(isHistorySource(source())).toBe(true);
    expect(isHistorySource({ start: async () => undefined })).toBe(false);
    expect(isHistorySource(undefined)).toBe(false);
  });
});
