/**
 * Connection limits shared by the manager's HTTP servers (metrics, health probes) and the
 * webhook server: how long a client may take to finish its TLS handshake, to send its
 * headers and its whole request, how long an idle keep-alive connection is kept, and how many
 * connections are open at once, in all and per client address (enforced by
 * `connection-guard.ts`). Node's defaults (120 s TLS handshake, 60 s headers checked every
 * 30 s, 300 s request, no cap) let a client that sends nothing hold a socket for minutes;
 * these defaults cut it within a few seconds while staying far beyond what kube-apiserver (a
 * webhook call times out after 10 s by default, 30 s at most; its TLS handshake timeout is
 * 10 s), kubelet or Prometheus needs.
 * It stands in its own folder, below both `manager/` and `webhook/`, so that the webhook server
 * does not import the manager's folder (which imports the webhook server).
 * @module
 */
import type { ServerOptions } from 'node:http';

export interface ServerLimits {
  /** Longest a client may take to finish the TLS handshake (HTTPS servers). Default 5 s. */
  handshakeTimeoutMs?: number;
  /** Longest a client may take to send the request headers. Default 5 s. */
  headersTimeoutMs?: number;
  /** Longest a client may take to send the whole request (headers and body). Default 30 s. */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection is kept open. Default 30 s. */
  keepAliveTimeoutMs?: number;
  /**
   * Connections open at once. A newcomer beyond it evicts a connection without a request in
   * flight (one that has sent nothing first), of the address holding the most of those;
   * it is closed only when every connection has a request in flight. Default 512.
   */
  maxConnections?: number;
  /**
   * Connections open at once from one client address. A newcomer beyond it evicts one of
   * that address's connections without a request in flight (the same order), or is closed
   * when all of them have one. Default 256 (kube-apiserver sends at most 200 mutating
   * requests at once by default, `--max-mutating-requests-inflight`).
   */
  maxConnectionsPerSource?: number;
}

export const DEFAULT_SERVER_LIMITS: Readonly<Required<ServerLimits>> = Object.freeze({
  handshakeTimeoutMs: 5_000,
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 30_000,
  maxConnections: 512,
  maxConnectionsPerSource: 256,
});

/**
 * The listen backlog: connections the kernel queues before the server accepts them. As Go's
 * `net.Listen` (and so controller-runtime's servers), the kernel's `net.core.somaxconn`
 * (4096 by default since Linux 5.4), which caps any larger value; Node's default is 511, and
 * a burst of connections beyond the queue has the kernel drop handshakes, a real client's
 * among them, to be retried only after a second.
 */
export const LISTEN_BACKLOG = 65_535;

/**
 * The health-probe server's defaults. kubelet opens a new connection for each probe
 * (keep-alive off), sends its request at once and gives up after the probe's
 * `timeoutSeconds` (1 s by default); nothing else needs the port. So a client that has not
 * sent its request within 2 s is cut, and an idle connection is closed after 2 s. The caps
 * stay at 256 rather than a handful: a flood from kubelet's own address churns that address's
 * connections, and a probe's connection must not be the oldest silent one before the
 * server has read its request (the connections accepted in one turn of the event loop can
 * number in the hundreds).
 */
export const DEFAULT_HEALTH_PROBE_LIMITS: Readonly<Required<ServerLimits>> = Object.freeze({
  ...DEFAULT_SERVER_LIMITS,
  headersTimeoutMs: 2_000,
  requestTimeoutMs: 2_000,
  keepAliveTimeoutMs: 2_000,
  maxConnections: 256,
  maxConnectionsPerSource: 256,
});

/**
 * The `createServer` options for these limits (timeouts are checked every second or sooner;
 * `handshakeTimeout` is read by HTTPS servers only). The connection caps are applied by
 * `guardConnections`.
 */
export function serverOptions(limits: ServerLimits = {}): ServerOptions & { handshakeTimeout: number } {
  const { handshakeTimeoutMs, headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = {
    ...DEFAULT_SERVER_LIMITS,
    ...limits,
  };
  return {
    handshakeTimeout: handshakeTimeoutMs,
    headersTimeout: headersTimeoutMs,
    // Node requires requestTimeout >= headersTimeout (0 would disable it).
    requestTimeout: Math.max(requestTimeoutMs, headersTimeoutMs),
    keepAliveTimeout: keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(1, Math.min(1_000, headersTimeoutMs / 2)),
  };
}
