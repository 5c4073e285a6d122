/**
 * The `/debug/reconciles` page: one self-contained HTML document (inline CSS, no script, no
 * external URL, so it works without network access) that shows, per controller and key, the
 * last reconciles as a timeline, oldest first — each with its causes (source, event, object,
 * resourceVersion and generation, handler, predicates passed), queue wait, duration, result
 * or error, and the writes it made — the causes waiting for the next run, and a hot loop,
 * highlighted and labelled with the fields the controller's own writes kept changing.
 * Everything that comes from objects or errors is HTML-escaped.
 * @module
 */
import type { Cause } from '../trace/cause.js';
import type { HotLoop } from '../trace/hot-loop.js';
import type { WriteRecord } from '../trace/own-writes.js';
import type { ControllerReconciles, KeyReconciles, ReconcileRecord } from '../trace/reconcile-history.js';

/** One controller as the page shows it. */
export interface ControllerPage {
  reconciles: ControllerReconciles;
  /** Whether the controller records causes (`recordCauses`). */
  recording: boolean;
}

export interface PageContext {
  /** The query filters applied (`controller`, `kind`, `key`), shown in the header. */
  filters: Record<string, string>;
  /** When the page was made (ms since the epoch). */
  now: number;
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:1.5rem;color:#1b1f24;background:#fff}
h1{font-size:1.4rem;margin:0 0 .3rem}h2{font-size:1.15rem;margin:1.6rem 0 .4rem}
h3{font-size:1rem;margin:0;display:inline}code,.mono{font-family:ui-monospace,monospace;font-size:.92em}
.meta,.empty{color:#57606a}.notice{background:#fff8c5;border:1px solid #d4a72c;padding:.6rem .8rem;border-radius:6px}
.badge{display:inline-block;padding:0 .45rem;border-radius:1rem;background:#ddf4ff;color:#0969da;font-size:.8rem}
.key{border:1px solid #d0d7de;border-radius:6px;padding:.6rem .8rem;margin:.6rem 0}
.key.hot-loop{border:2px solid #cf222e;background:#fff5f5}
.hot-loop-label{color:#fff;background:#cf222e;padding:.3rem .6rem;border-radius:4px;font-weight:600;margin:.5rem 0}
ol.timeline{list-style:none;padding:0;margin:.5rem 0;border-left:3px solid #d0d7de}
ol.timeline>li{margin:0 0 .7rem;padding-left:.8rem;position:relative}
ol.timeline>li::before{content:"";position:absolute;left:-8px;top:.35rem;width:11px;height:11px;border-radius:50%;background:#2da44e}
ol.timeline>li.result-error::before{background:#cf222e}ol.timeline>li.result-requeue::before,ol.timeline>li.result-requeue_after::before{background:#bf8700}
.result{font-weight:600}.error{color:#cf222e;white-space:pre-wrap}
ul.causes,ul.writes{margin:.2rem 0;padding-left:1.2rem}.own{color:#8250df;font-weight:600}
.label{color:#57606a}
`;

let policy: string | undefined;

/**
 * The page's Content-Security-Policy: nothing may load or run, but its own stylesheet (by
 * hash); no frames around it, no base URL, no form. Computed on the first page served.
 */
export function reconcilesPagePolicy(): string {
  if (policy === undefined) {
    const hash = process.getBuiltinModule('node:crypto').createHash('sha256').update(STYLE).digest('base64');
    policy = `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  }
  return policy;
}

/** The whole page. */
export function renderReconcilesPage(controllers: readonly ControllerPage[], context: PageContext): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Recent reconciles</title>',
    `<style>${STYLE}</style></head><body>`,
    '<h1>Recent reconciles</h1>',
    header(context),
    body(controllers),
    '</body></html>',
  ].join('\n');
}

function header(context: PageContext): string {
  const filters = Object.entries(context.filters).map(([name, value]) => `${escapeHtml(name)}=${escapeHtml(value)}`);
  const shown = filters.length === 0 ? '' : ` · filtered by <code>${filters.join(' ')}</code>`;
  const json = new URLSearchParams({ ...context.filters, format: 'json' }).toString();
  return `<p class="meta">As of ${time(context.now)}${shown} · <a href="?${escapeHtml(json)}">JSON</a></p>`;
}

function body(controllers: readonly ControllerPage[]): string {
  if (controllers.length === 0) return '<p class="empty">No controller matches.</p>';
  const notice = controllers.some((c) => c.recording)
    ? ''
    : '<p class="notice">No controller records causes. Turn it on with the controller option <code>recordCauses: true</code>.</p>';
  return notice + controllers.map(controllerSection).join('\n');
}

function controllerSection({ reconciles, recording }: ControllerPage): string {
  const kind = reconciles.kind === undefined ? '' : ` <span class="badge">${escapeHtml(reconciles.kind)}</span>`;
  const heading = `<h2>${escapeHtml(reconciles.controller)}${kind}</h2>`;
  if (!recording) return `<section class="controller">${heading}<p class="empty">Does not record causes.</p></section>`;
  const keys =
    reconciles.keys.length === 0
      ? '<p class="empty">No reconciles recorded yet.</p>'
      : reconciles.keys.map(keySection).join('\n');
  return `<section class="controller">${heading}${keys}</section>`;
}

function keySection(key: KeyReconciles): string {
  const name = key.namespace === '' ? key.name : `${key.namespace}/${key.name}`;
  const written = new Set(key.reconciles.flatMap((r) => r.writes.map((w) => w.resourceVersion)));
  const waiting =
    key.waiting.length === 0
      ? ''
      : `<p class="label">Waiting for the next reconcile:</p>${causeList(key.waiting, written)}`;
  return [
    `<div class="key${key.hotLoop === undefined ? '' : ' hot-loop'}" data-key="${escapeHtml(name)}">`,
    `<h3 class="mono">${escapeHtml(name)}</h3>`,
    key.hotLoop === undefined ? '' : hotLoopLabel(key.hotLoop),
    key.reconciles.length === 0
      ? '<p class="empty">Not reconciled yet.</p>'
      : `<ol class="timeline">${key.reconciles.map((r) => reconcileItem(r, written)).join('')}</ol>`,
    waiting,
    '</div>',
  ].join('');
}

function hotLoopLabel(hot: HotLoop): string {
  const fields = hot.changedFields.length === 0 ? 'none found' : hot.changedFields.map(escapeHtml).join(', ');
  return (
    `<p class="hot-loop-label">Hot loop: ${hot.reconciles} reconciles since ${time(hot.since)}, ` +
    `${hot.ownWrites} caused by its own writes. Changed fields: ${fields}</p>`
  );
}

function reconcileItem(record: ReconcileRecord, written: ReadonlySet<string | undefined>): string {
  const facts = [
    `<span class="result">${escapeHtml(record.result)}</span>`,
    `${time(record.startedAt)}`,
    `took ${ms(record.durationMs)}`,
    record.queueWaitMs === undefined ? undefined : `waited ${ms(record.queueWaitMs)} in the queue`,
    record.requeueAfterMs === undefined ? undefined : `requeue after ${ms(record.requeueAfterMs)}`,
    record.reconcileID === undefined ? undefined : `reconcileID <code>${escapeHtml(record.reconcileID)}</code>`,
  ].filter((fact) => fact !== undefined);
  const notes = [
    record.ownWriteCauses === 0 ? undefined : `${record.ownWriteCauses} caused by its own writes`,
    record.droppedCauses === 0 ? undefined : `${record.droppedCauses} more causes dropped`,
  ].filter((note) => note !== undefined);
  return [
    `<li class="reconcile result-${escapeHtml(record.result)}">`,
    `<div>${facts.join(' · ')}</div>`,
    record.error === undefined ? '' : `<div class="error">${escapeHtml(record.error)}</div>`,
    `<div class="label">Causes${notes.length === 0 ? '' : ` (${notes.join(', ')})`}:</div>`,
    causeList(record.causes, written),
    record.writes.length === 0 ? '' : `<div class="label">Writes:</div>${writeList(record.writes)}`,
    '</li>',
  ].join('');
}

function causeList(causes: readonly Cause[], written: ReadonlySet<string | undefined>): string {
  if (causes.length === 0) return '<ul class="causes"><li class="empty">none recorded</li></ul>';
  return `<ul class="causes">${causes.map((cause) => `<li>${causeText(cause, written)}</li>`).join('')}</ul>`;
}

/** `update Widget ns/a rv 12 gen 3 (own write) · kind source: Widget → enqueueRequestForObject · predicates: …`. */
export function causeText(cause: Cause, written: ReadonlySet<string | undefined> = new Set()): string {
  const object = [cause.kind, objectName(cause)].filter((part) => part !== undefined).join(' ');
  const what = [
    `<strong>${escapeHtml(cause.event ?? cause.source)}</strong>`,
    object === '' ? undefined : `<code>${escapeHtml(object)}</code>`,
    cause.resourceVersion === undefined ? undefined : `rv ${escapeHtml(cause.resourceVersion)}`,
    cause.generation === undefined ? undefined : `gen ${cause.generation}`,
    cause.resourceVersion !== undefined && written.has(cause.resourceVersion)
      ? '<span class="own">(own write)</span>'
      : undefined,
    cause.afterMs === undefined ? undefined : `after ${ms(cause.afterMs)}`,
  ];
  const origin = cause.origin;
  const from = [
    origin === undefined
      ? `${escapeHtml(cause.source)}`
      : `${escapeHtml(origin.source)} → ${escapeHtml(origin.handler)}`,
    origin === undefined || origin.predicates.length === 0
      ? undefined
      : `predicates passed: ${origin.predicates.map(escapeHtml).join(', ')}`,
    `at ${time(cause.at)}`,
  ];
  return [what.filter(Boolean).join(' '), ...from.filter(Boolean)].join(' · ');
}

function writeList(writes: readonly WriteRecord[]): string {
  const items = writes.map((w) => {
    const object = [w.kind, objectName(w)].filter((part) => part !== undefined).join(' ');
    const rv = w.resourceVersion === undefined ? '' : ` → rv ${escapeHtml(w.resourceVersion)}`;
    return `<li><strong>${escapeHtml(w.verb)}</strong> <code>${escapeHtml(object)}</code>${rv}</li>`;
  });
  return `<ul class="writes">${items.join('')}</ul>`;
}

function objectName(o: { namespace?: string; name?: string }): string | undefined {
  if (o.name === undefined) return undefined;
  return o.namespace === undefined || o.namespace === '' ? o.name : `${o.namespace}/${o.name}`;
}

function time(at: number): string {
  return Number.isFinite(at) && at > 0 ? new Date(at).toISOString() : '—';
}

function ms(value: number): string {
  return value < 1000 ? `${Math.round(value * 10) / 10} ms` : `${Math.round(value / 100) / 10} s`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe inside HTML text and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}
