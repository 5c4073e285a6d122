/**
 * The `/debug/reconciles` page: names and errors escaped, the timeline oldest first with
 * causes and writes, a hot loop highlighted and labelled with its fields, the empty states,
 * and a notice when no controller records causes; nothing outside the page is referenced.
 */
import { describe, expect, it } from '@jest/globals';
import type { KeyReconciles, ReconcileRecord } from '../trace/reconcile-history.js';
import { type ControllerPage, causeText, escapeHtml, renderReconcilesPage } from './debug-reconciles-page.js';

const at = Date.UTC(2026, 0, 2, 3, 4, 5);
const context = { filters: {}, now: at };

const record = (over: Partial<ReconcileRecord> = {}): ReconcileRecord => ({
  startedAt: at,
  queueWaitMs: 12,
  durationMs: 34,
  result: 'success',
  causes: [
    {
      source: 'kind',
      at: at - 12,
      event: 'update',
      kind: 'Widget',
      namespace: 'ns',
      name: 'a',
      resourceVersion: '41',
      generation: 3,
      origin: { source: 'kind source: Widget', handler: 'enqueueRequestForObject', predicates: ['generationChanged'] },
    },
  ],
  droppedCauses: 0,
  ownWriteCauses: 0,
  writes: [{ verb: 'PUT', kind: 'Widget', namespace: 'ns', name: 'a', resourceVersion: '42' }],
  ...over,
});

const key = (over: Partial<KeyReconciles> = {}): KeyReconciles => ({
  namespace: 'ns',
  name: 'a',
  reconciles: [record()],
  waiting: [],
  ...over,
});

const page = (...controllers: ControllerPage[]) => renderReconcilesPage(controllers, context);
const widget = (...keys: KeyReconciles[]): ControllerPage => ({
  reconciles: { controller: 'widget', kind: 'Widget', keys },
  recording: true,
});

describe('renderReconcilesPage', () => {
  it('shows each reconcile with its causes, queue wait, duration, result and writes', () => {
    const html = page(widget(key()));
    const shown = [
      '<h3 class="mono">ns/a</h3>',
      '<strong>update</strong> <code>Widget ns/a</code> rv 41 gen 3',
      'kind source: Widget → enqueueRequestForObject',
      'predicates passed: generationChanged',
      'waited 12 ms in the queue',
      'took 34 ms',
      '<span class="result">success</span>',
      '<strong>PUT</strong> <code>Widget ns/a</code> → rv 42',
    ];
    expect(shown.filter((text) => !html.includes(text))).toEqual([]);
    expect(html).not.toContain('class="key hot-loop"');
  });

  it('lists reconciles oldest first, errors, and causes still waiting', () => {
    const html = page(
      widget(
        key({
          reconciles: [
            record({ reconcileID: 'first', result: 'error', error: 'boom' }),
            record({ reconcileID: 'second', causes: [], writes: [] }),
          ],
          waiting: [{ source: 'requeueAfter', at: at + 5000, afterMs: 5000 }],
        }),
      ),
    );
    expect(html.indexOf('first')).toBeLessThan(html.indexOf('second'));
    expect(html).toContain('<li class="reconcile result-error">');
    expect(html).toContain('<div class="error">boom</div>');
    expect(html).toContain('Waiting for the next reconcile:');
    expect(html).toContain('<strong>requeueAfter</strong> after 5 s');
  });

  it('marks a cause whose resourceVersion one of the key’s writes returned', () => {
    const own = record({ causes: [{ ...(record().causes[0] as object), resourceVersion: '42' } as never] });
    expect(page(widget(key({ reconciles: [record(), own] })))).toContain('<span class="own">(own write)</span>');
  });

  it('escapes everything that comes from objects and errors', () => {
    const evil = '<img src=x onerror="alert(1)">&';
    const html = page({
      reconciles: {
        controller: `c${evil}`,
        kind: evil,
        keys: [
          key({
            namespace: 'ns',
            name: evil,
            reconciles: [
              record({ error: evil, result: evil, causes: [{ ...record().causes[0], name: evil } as never] }),
            ],
            hotLoop: { since: at, reconciles: 11, ownWrites: 11, changedFields: [evil] },
          }),
        ],
      },
      recording: true,
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('onerror="');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;');
    expect(renderReconcilesPage([], { filters: { key: evil }, now: at })).not.toContain('<img');
    expect(escapeHtml(`'"<>&`)).toBe('&#39;&quot;&lt;&gt;&amp;');
  });

  it('highlights a hot loop and names the fields that kept changing', () => {
    const html = page(
      widget(
        key({ hotLoop: { since: at, reconciles: 12, ownWrites: 11, changedFields: ['status.lastSeen'] } }),
        key({ name: 'calm' }),
      ),
    );
    expect(html).toContain('<div class="key hot-loop" data-key="ns/a">');
    expect(html).toContain('<div class="key" data-key="ns/calm">');
    expect(html).toContain(
      'Hot loop: 12 reconciles since 2026-01-02T03:04:05.000Z, 11 caused by its own writes. Changed fields: status.lastSeen',
    );
  });

  it('says when nothing matches, nothing was reconciled yet, or no controller records causes', () => {
    expect(page()).toContain('No controller matches.');
    expect(page(widget())).toContain('No reconciles recorded yet.');
    expect(page(widget())).not.toContain('No controller records causes');
    const off = { reconciles: { controller: 'quiet', keys: [] }, recording: false };
    expect(page(off)).toContain('No controller records causes. Turn it on with the controller option');
    expect(page(off)).toContain('Does not record causes.');
    expect(page(off, widget())).not.toContain('No controller records causes');
  });

  it('shows a cluster-scoped key by its name and a cause without an event by its source', () => {
    const html = page(widget(key({ namespace: '', name: 'global' })));
    expect(html).toContain('<h3 class="mono">global</h3>');
    expect(causeText({ source: 'retry', at })).toBe('<strong>retry</strong> · retry · at 2026-01-02T03:04:05.000Z');
  });

  it('references nothing outside the page', () => {
    const html = page(widget(key()));
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/<script|<link|@import|url\(/);
  });
});
