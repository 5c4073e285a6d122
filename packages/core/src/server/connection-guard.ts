/**
 * Keeps a server's connections within `maxConnections` in all and `maxConnectionsPerSource`
 * per client address, without letting connections that cost their client nothing (no byte
 * sent, no TLS handshake finished, no request) lock out the clients that matter
 * (kube-apiserver, kubelet, Prometheus). A newcomer over a limit is not refused: it evicts a
 * connection that has no request in flight, and only when there is none is the newcomer
 * closed. Which one:
 *
 * - over its address's limit: one of that address's own;
 * - over the total: one of the address holding the most connections without a request;
 * - within the address: first one that has not sent a byte, then an idle one (handshake done
 *   or a request answered, nothing in flight), then one still handshaking; oldest first.
 *
 * A flood from one address thus churns its own connections; a flood from many evicts the
 * flooders' before anyone else's; a client that sends at once (a ClientHello, a request) is
 * never the first choice. The metrics, health-probe and webhook servers share it.
 * @module
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { DEFAULT_SERVER_LIMITS, type ServerLimits } from './limits.js';

/** What the guard reads of a connection (a `net.Socket` or `tls.TLSSocket` has all of it). */
export interface GuardedSocket {
  readonly remoteAddress?: string;
  readonly remotePort?: number;
  readonly bytesRead: number;
  destroy(): void;
}

interface Connection {
  socket: GuardedSocket;
  source: Source;
  /** TLS handshake done (HTTPS), or a first request came (HTTP). */
  ready: boolean;
  inFlight: number;
}

interface Source {
  address: string;
  /** Oldest first. */
  connections: Set<Connection>;
  /** How many of them have no request in flight. */
  idle: number;
}

/** Eviction order within an address: silent, then idle, then handshaking (lower goes first). */
const rank = (c: Connection): number => (c.socket.bytesRead === 0 ? 0 : c.ready ? 1 : 2);

const peer = (socket: GuardedSocket): string => `${socket.remoteAddress}|${socket.remotePort}`;

export class ConnectionGuard {
  /** Connections evicted for a newcomer, and newcomers closed because every connection was busy. */
  readonly counts = { evicted: 0, refused: 0 };
  private readonly maxConnections: number;
  private readonly maxPerSource: number;
  private readonly connections = new Map<string, Connection>();
  private readonly sources = new Map<string, Source>();

  constructor(limits: ServerLimits = {}) {
    this.maxConnections = limits.maxConnections ?? DEFAULT_SERVER_LIMITS.maxConnections;
    this.maxPerSource = Math.min(
      limits.maxConnectionsPerSource ?? DEFAULT_SERVER_LIMITS.maxConnectionsPerSource,
      this.maxConnections,
    );
  }

  /** Connections tracked now. */
  get size(): number {
    return this.connections.size;
  }

  /** Takes a new connection in, evicting another first when a limit is reached; false when it closed the newcomer. */
  admit(socket: GuardedSocket): boolean {
    const address = socket.remoteAddress;
    if (address === undefined) {
      socket.destroy(); // already gone
      return false;
    }
    const source = this.sources.get(address) ?? { address, connections: new Set(), idle: 0 };
    const overSource = source.connections.size >= this.maxPerSource;
    if (overSource || this.connections.size >= this.maxConnections) {
      const from = overSource ? source : this.busiestSource();
      const victim = from !== undefined && from.idle > 0 ? this.victimIn(from) : undefined;
      if (victim === undefined) {
        this.counts.refused++;
        socket.destroy();
        return false;
      }
      this.counts.evicted++;
      this.forget(victim);
      victim.socket.destroy();
    }
    const connection: Connection = { socket, source, ready: false, inFlight: 0 };
    this.sources.set(address, source);
    source.connections.add(connection);
    source.idle++;
    this.connections.set(peer(socket), connection);
    return true;
  }

  /** The connection finished its TLS handshake. */
  secured(socket: GuardedSocket): void {
    const connection = this.connections.get(peer(socket));
    if (connection !== undefined) connection.ready = true;
  }

  /** A request came on the connection; call the returned function once it is answered or abandoned. */
  requestStarted(socket: GuardedSocket): () => void {
    const connection = this.connections.get(peer(socket));
    if (connection === undefined) return () => undefined;
    connection.ready = true;
    if (connection.inFlight++ === 0) connection.source.idle--;
    return () => {
      if (--connection.inFlight === 0) connection.source.idle++;
    };
  }

  /** The connection closed. */
  closed(socket: GuardedSocket): void {
    const connection = this.connections.get(peer(socket));
    if (connection?.socket === socket) this.forget(connection);
  }

  private forget(connection: Connection): void {
    const { source } = connection;
    this.connections.delete(peer(connection.socket));
    if (!source.connections.delete(connection)) return;
    if (connection.inFlight === 0) source.idle--;
    if (source.connections.size === 0) this.sources.delete(source.address);
  }

  /** The address with the most connections that have no request in flight. */
  private busiestSource(): Source | undefined {
    let busiest: Source | undefined;
    for (const source of this.sources.values()) if (source.idle > (busiest?.idle ?? 0)) busiest = source;
    return busiest;
  }

  /** The address's connection to evict: the lowest rank with no request in flight, oldest first. */
  private victimIn(source: Source): Connection | undefined {
    let victim: Connection | undefined;
    for (const connection of source.connections) {
      if (connection.inFlight > 0) continue;
      if (rank(connection) === 0) return connection;
      if (victim === undefined || rank(connection) < rank(victim)) victim = connection;
    }
    return victim;
  }
}

/**
 * Guards a server's connections (`http.Server` or `https.Server`, before it listens): every
 * accepted connection is admitted, TLS handshakes and requests are followed, and a closed
 * connection is forgotten. Replaces Node's `maxConnections`, which refuses every newcomer
 * once full.
 */
export function guardConnections(server: Pick<Server, 'on'>, limits: ServerLimits = {}): ConnectionGuard {
  const guard = new ConnectionGuard(limits);
  server.on('connection', (socket: GuardedSocket & { once(event: 'close', listener: () => void): void }) => {
    if (guard.admit(socket)) socket.once('close', () => guard.closed(socket));
  });
  server.on('secureConnection', (socket: GuardedSocket) => guard.secured(socket));
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    res.once('close', guard.requestStarted(req.socket));
  });
  return guard;
}
