// The text of operant why, from fixtures typed as the runtime records them: causes of every
// source (event, mapped, requeueAfter, retry), writes, the waiting causes and a hot loop.
import { describe, expect, it } from '@jest/globals';
import type { Cause, ControllerReconciles, HotLoop, KeyReconciles, ReconcileRecord } from '@operant/core/trace';
import { formatDuration, formatKeyReconciles, formatReconciles } from './format.js';

const T0 = Date.UTC(2026, 11, 5, 9, 30, 0);
const iso = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();

const forWidget: NonNullable<Cause['origin']> = {
  source: 'kind source: Widget',
  handler: 'enqueueRequestForObject',
  predicates: ['generationChanged'],
};
const ownedDeployment: NonNullable<Cause['origin']> = {
  source: 'kind source: Deployment',
  handler: 'enqueueRequestForOwner Widget',
  predicates: [],
};

const widgetUpdate: Cause = {
  source: 'kind',
  at: T0,
  origin: forWidget,
  event: 'update',
  kind: 'Widget',
  namespace: 'default',
  name: 'w',
  resourceVersion: '1234',
  generation: 2,
};
const deploymentUpdate: Cause = {
  source: 'kind',
  at: T0 + 5,
  origin: ownedDeployment,
  event: 'update',
  kind: 'Deployment',
  namespace: 'default',
  name: 'd',
  resourceVersion: '1250',
  traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
};

const first: ReconcileRecord = {
  reconcileID: '0b7e3c8e-1c9b-4c43-9d8e-0c8f3c1f6a11',
  startedAt: T0 + 8,
  queueWaitMs: 8,
  durationMs: 12.4,
  result: 'requeue_after',
  requeueAfterMs: 30_000,
  causes: [widgetUpdate, deploymentUpdate],
  droppedCauses: 0,
  ownWriteCauses: 1,
  writes: [{ verb: 'PATCH', kind: 'Widget', namespace: 'default', name: 'w', resourceVersion: '1260' }],
};
const second: ReconcileRecord = {
  startedAt: T0 + 30_020,
  queueWaitMs: 12,
  durationMs: 1500,
  result: 'error',
  error: 'unable to get Deployment default/d: connection reset',
  causes: [{ source: 'requeueAfter', at: T0 + 30_008, afterMs: 30_000 }],
  droppedCauses: 3,
  ownWriteCauses: 0,
  writes: [],
};
const hotLoop: HotLoop = { since: T0, reconciles: 11, ownWrites: 10, changedFields: ['status.lastSeen'] };
const key: KeyReconciles = {
  namespace: 'default',
  name: 'w',
  reconciles: [first, second],
  waiting: [{ source: 'retry', at: T0 + 31_000 }],
  hotLoop,
};
const widgetController: ControllerReconciles = { controller: 'widget', kind: 'Widget', keys: [key] };

describe('formatKeyReconciles', () => {
  it('prints the reconciles oldest first with causes and writes, then the causes waiting and the hot loop', () => {
    expect(formatKeyReconciles(widgetController, key)).toBe(
      [
        'Controller widget (Widget), default/w',
        '',
        'Reconciles (2, oldest first):',
        `  ${iso(8)}  requeue_after 30.0s  took 12ms  queued 8ms  reconcileID 0b7e3c8e-1c9b-4c43-9d8e-0c8f3c1f6a11`,
        '    causes:',
        `      - update Widget default/w  resourceVersion 1234  generation 2  at ${iso(0)}`,
        '        watch kind source: Widget, handler enqueueRequestForObject, predicates generationChanged',
        `      - update Deployment default/d  resourceVersion 1250  at ${iso(5)}`,
        '        watch kind source: Deployment, handler enqueueRequestForOwner Widget (mapped from Deployment default/d), predicates none',
        '        traceparent 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
        "      (1 of them from this controller's own writes)",
        '    writes:',
        '      - PATCH Widget default/w  resourceVersion 1260',
        `  ${iso(30_020)}  error  took 1.5s  queued 12ms`,
        '    error: unable to get Deployment default/d: connection reset',
        '    causes:',
        `      - requeueAfter 30.0s (the reconcile asked for it)  at ${iso(30_008)}`,
        '      (3 more not kept)',
        '    writes:',
        '      none',
        'Waiting:',
        `  - retry after an error  at ${iso(31_000)}`,
        `Hot loop: 11 reconciles in the window from ${iso(0)}, 10 of them caused mostly by this controller's own writes`,
        '  fields changed between its last two writes: status.lastSeen',
        '',
      ].join('\n'),
    );
  });

  it('names the source of an event that did not come live from a watch, and a cluster-scoped object by name', () => {
    const listed: Cause = { ...widgetUpdate, source: 'initialList', event: 'create', namespace: undefined, name: 'n1' };
    const text = formatKeyReconciles(
      { controller: 'node', keys: [] },
      { namespace: '', name: 'n1', reconciles: [], waiting: [listed] },
    );
    expect(text).toBe(
      [
        'Controller node, n1',
        '',
        'Reconciles: none yet',
        'Waiting:',
        `  - create Widget n1 (initialList)  resourceVersion 1234  generation 2  at ${iso(0)}`,
        '    watch kind source: Widget, handler enqueueRequestForObject, predicates generationChanged',
        '',
      ].join('\n'),
    );
  });
});

describe('formatReconciles', () => {
  it("prints each controller's section for the key, and says so when a controller recorded nothing of it", () => {
    const silent: ControllerReconciles = { controller: 'widget-status', kind: 'Widget', keys: [] };
    const text = formatReconciles([widgetController, silent], 'default/w');
    expect(text.startsWith('Controller widget (Widget), default/w\n')).toBe(true);
    expect(
      text.endsWith(
        '\nController widget-status (Widget), default/w: no reconcile recorded (recordCauses may be off for this controller, or the object was not reconciled since the manager started)\n',
      ),
    ).toBe(true);
  });
});

describe('formatDuration', () => {
  it('prints milliseconds, seconds and minutes', () => {
    expect([0.4, 999, 1000, 59_949, 61_000, 3_600_000].map(formatDuration)).toEqual([
      '0ms',
      '999ms',
      '1.0s',
      '59.9s',
      '1m01s',
      '60m00s',
    ]);
  });
});
