/**
 * The manager's metrics server (controller-runtime's `metricsserver.Options` and
 * `NewServer`): Prometheus text at `/metrics` on the bind address, over HTTPS when
 * `secureServing` (a pair from `certDir`, reloaded on change, or a self-signed one made in
 * memory), each request first through the filter `filterProvider` builds (kubebuilder's
 * `main.go` passes `withAuthenticationAndAuthorization` with secure serving). Default: plain
 * HTTP, no filter, as controller-runtime; `managerOptionsFromFlags` turns both on unless
 * `--metrics-secure=false`. With `debugReconciles` it also serves `/debug/reconciles`
 * (debug-reconciles.ts, imported on the first request for it) behind the same filter; off by
 * default.
 * @module
 */
import type { Logger } from '../api/logger.js';
import type { RestClient } from '../client/rest.js';
import type { MetricsRegistry } from '../metrics/registry.js';
import { type Handler, HttpServer } from '../server/http-server.js';
import type { ServerLimits } from '../server/limits.js';
import type { ReconcileHistorySource } from '../trace/reconcile-history-source.js';
import type { FilterProvider } from './metrics-filters.js';

/** Where `debugReconciles` serves the page; its module (and negotiator) is imported on the first request. */
const DEBUG_RECONCILES_PATH = '/debug/reconciles';

export interface MetricsServerOptions {
  /** Serve HTTPS. Default false (controller-runtime's default; kubebuilder's flag defaults to true). */
  secureServing?: boolean;
  /** Folder of the serving pair when secure; without one a self-signed pair is made in memory. */
  certDir?: string;
  /** Default `tls.crt`. */
  certName?: string;
  /** Default `tls.key`. */
  keyName?: string;
  /** Re-read the pair this often besides on change events. Default 10 s. */
  certPollIntervalMs?: number;
  /** Builds the filter every request passes first, e.g. `withAuthenticationAndAuthorization`. */
  filterProvider?: FilterProvider;
  /**
   * Also serve `/debug/reconciles`: the recent reconciles of the manager's controllers (those
   * with `recordCauses: true` have some), as a page or JSON, behind the same filter (a reader
   * needs `get` on that non-resource URL). Default false: the path is not found.
   */
  debugReconciles?: boolean;
}

export function newMetricsServer(
  bindAddress: string,
  registry: MetricsRegistry,
  options: MetricsServerOptions,
  context: {
    rest: RestClient;
    logger: Logger;
    limits?: ServerLimits;
    /** The controllers `/debug/reconciles` lists, as they are when it is asked. */
    controllers?: () => readonly ReconcileHistorySource[];
  },
): HttpServer {
  const logger = context.logger.child({ component: 'metrics' });
  const controllers = context.controllers ?? (() => []);
  const serve: Handler = async (url, req) => {
    if (url.pathname === '/metrics') {
      return { status: 200, body: await registry.metrics(), contentType: registry.contentType };
    }
    if (options.debugReconciles === true && url.pathname === DEBUG_RECONCILES_PATH) {
      const { serveDebugReconciles } = await import('./debug-reconciles.js');
      return serveDebugReconciles(url, req, controllers());
    }
    return { status: 404, body: 'not found\n' };
  };
  const filter = options.filterProvider?.({ rest: context.rest, logger });
  const handler: Handler =
    filter === undefined ? serve : async (url, req) => (await filter(url, req)) ?? serve(url, req);
  const { secureServing, certDir, certName, keyName, certPollIntervalMs } = options;
  return new HttpServer(
    'metrics',
    bindAddress,
    handler,
    context.limits,
    secureServing ? { certDir, certName, keyName, certPollIntervalMs, logger } : undefined,
  );
}
