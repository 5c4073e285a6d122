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
import Negotiator from 'negotiator';
import type { ControllerReconciles } from '../trace/reconcile-history.js';
import type { ReconcileHistorySource } from '../trace/reconcile-history-source.js';
import { type ControllerPage, reconcilesPagePolicy, renderReconcilesPage } from './debug-reconciles-page.js';

/** What the endpoint answers with (the metrics server's handler reply). */
export interface DebugReply {
  status: number;
  body: string;
  contentType: string;
  headers: Readonly<Record<string, string>>;
}

/** Object names and errors: kept out of every cache. */
const NO_STORE = { 'cache-control': 'no-store' };

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
    return { status: 200, body: JSON.stringify(body), contentType: 'application/json', headers: NO_STORE };
  }
  const page = renderReconcilesPage(selected, { filters: filtersOf(url.searchParams), now: Date.now() });
  const headers = { ...NO_STORE, 'content-security-policy': reconcilesPagePolicy() };
  return { status: 200, body: page, contentType: 'text/html; charset=utf-8', headers };
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
 * `format=json`, or an `Accept` header that prefers `application/json` to `text/html`
 * (content negotiation by `negotiator`: `q`, then the more exact range; the page on a tie).
 */
export function wantsJson(url: URL, req: Pick<IncomingMessage, 'headers'>): boolean {
  const format = url.searchParams.get('format');
  if (format !== null) return format.toLowerCase() === 'json';
  return new Negotiator(req).mediaType(MEDIA_TYPES) === 'application/json';
}

const MEDIA_TYPES = ['text/html', 'application/json'];
