/**
 * `/debug/reconciles` on the metrics server (`MetricsServerOptions.debugReconciles`, off by
 * default): the recent reconciles of the manager's controllers — their causes, queue wait,
 * duration, result, writes and hot loops — as JSON or as a page, behind the same filter as
 * `/metrics`. JSON (`?format=json`, or an `Accept` that prefers `application/json`):
 * `{ "controllers": ControllerReconciles[] }`. Filters: `controller=<name>` (exact),
 * `kind=<Kind>` (case-insensitive), `key=<namespace/name>` (`name` when cluster-scoped);
 * other parameters are ignored. The page itself is drawn by debug-reconciles-page.ts.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { ControllerReconciles } from '../trace/reconcile-history.js';
import type { ReconcileHistorySource } from '../trace/reconcile-history-source.js';
import { type ControllerPage, renderReconcilesPage } from './debug-reconciles-page.js';

/** Where the page is served. */
export const DEBUG_RECONCILES_PATH = '/debug/reconciles';

/** What the endpoint answers with (the metrics server's handler reply). */
export interface DebugReply {
  status: number;
  body: string;
  contentType: string;
}

/** The JSON body of `/debug/reconciles?format=json`. */
export interface DebugReconciles {
  controllers: ControllerReconciles[];
}

/** Answers a GET of `/debug/reconciles` from the controllers `sources` lists now. */
export function serveDebugReconciles(
  url: URL,
  req: Pick<IncomingMessage, 'headers'>,
  sources: readonly ReconcileHistorySource[],
): DebugReply {
  const selected = pick(sources, url.searchParams);
  const controllers = selected.map((entry) => entry.reconciles);
  if (wantsJson(url, req)) {
    const body: DebugReconciles = { controllers };
    return { status: 200, body: JSON.stringify(body), contentType: 'application/json' };
  }
  const page = renderReconcilesPage(selected, { filters: filtersOf(url.searchParams), now: Date.now() });
  return { status: 200, body: page, contentType: 'text/html; charset=utf-8' };
}

/** The controllers `controller=` and `kind=` pick, each with its reconciles (of `key=` only, when given). */
function pick(sources: readonly ReconcileHistorySource[], query: URLSearchParams): ControllerPage[] {
  const name = query.get('controller');
  const kind = query.get('kind')?.toLowerCase();
  const key = query.get('key') ?? undefined;
  return sources
    .filter((source) => name === null || source.name === name)
    .map((source) => ({ reconciles: source.recentReconciles(key), recording: source.recordsCauses }))
    .filter((entry) => kind === undefined || entry.reconciles.kind?.toLowerCase() === kind);
}

function filtersOf(query: URLSearchParams): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const name of ['controller', 'kind', 'key']) {
    const value = query.get(name);
    if (value !== null) filters[name] = value;
  }
  return filters;
}

/**
 * `format=json`, or an `Accept` header that ranks `application/json` above `text/html` (by
 * `q`, then by naming it more exactly: `application/json` beside the wildcard range is JSON,
 * the wildcard alone is the page).
 */
export function wantsJson(url: URL, req: Pick<IncomingMessage, 'headers'>): boolean {
  const format = url.searchParams.get('format');
  if (format !== null) return format.toLowerCase() === 'json';
  const accept = req.headers.accept;
  if (accept === undefined) return false;
  const json = preference(accept, 'application/json');
  const html = preference(accept, 'text/html');
  return json.q > html.q || (json.q === html.q && json.q > 0 && json.specificity > html.specificity);
}

/** The `q` an `Accept` header gives `type`, from its most specific range (exact 2, `type/*` 1, the wildcard 0). */
function preference(accept: string, type: string): { specificity: number; q: number } {
  const [major] = type.split('/');
  let best = { specificity: -1, q: 0 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    best = { specificity, q: Number.isFinite(value) ? value : 0 };
  }
  return best;
}
