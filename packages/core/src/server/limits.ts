/**
 * Connection limits shared by the manager's HTTP servers (metrics, health probes) and the
 * webhook server: how long a client may take to send its headers and its whole request,
 * how long an idle keep-alive connection is kept, and how many connections are open at
 * once. Node's defaults (60 s headers checked every 30 s, 300 s request, no cap) let a
 * slow-loris client hold a socket for half a minute or more; these defaults cut it within
 * a few seconds while staying far beyond what kube-apiserver (a webhook call times out
 * after 10 s by default, 30 s at most) or Prometheus needs.
 * It stands in its own folder, below both `manager/` and `webhook/`, so that the webhook server
 * does not import the manager's folder (which imports the webhook server).
 * @module
 */
import type { ServerOptions } from 'node:http';

export interface ServerLimits {
  /** Longest a client may take to send the request headers. Default 5 s. */
  headersTimeoutMs?: number;
  /** Longest a client may take to send the whole request (headers and body). Default 30 s. */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection is kept open. Default 30 s. */
  keepAliveTimeoutMs?: number;
  /** Connections open at once; new ones beyond it are closed at once. Default 512. */
  maxConnections?: number;
}

export const DEFAULT_SERVER_LIMITS: Readonly<Required<ServerLimits>> = Object.freeze({
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 30_000,
  maxConnections: 512,
});

/** The `createServer` options for these limits (timeouts are checked every second or sooner). */
export function serverOptions(limits: ServerLimits = {}): ServerOptions {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = { ...DEFAULT_SERVER_LIMITS, ...limits };
  return {
    headersTimeout: headersTimeoutMs,
    // Node requires requestTimeout >= headersTimeout (0 would disable it).
    requestTimeout: Math.max(requestTimeoutMs, headersTimeoutMs),
    keepAliveTimeout: keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(1, Math.min(1_000, headersTimeoutMs / 2)),
  };
}

/** Applies the connection cap to a created server. */
export function capConnections(server: { maxConnections: number }, limits: ServerLimits = {}): void {
  server.maxConnections = limits.maxConnections ?? DEFAULT_SERVER_LIMITS.maxConnections;
}
