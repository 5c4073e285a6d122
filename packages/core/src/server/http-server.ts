/**
 * A small HTTP server as a Runnable (metrics, health probes): listens on `host:port`
 * (`:8080` = all interfaces, IPv6 and IPv4), serves until the signal aborts, then closes.
 * It does not need leadership. `address()` tells the bound port (useful with port 0).
 * Handshake, header, request and idle timeouts and the connection caps come from
 * `ServerLimits` (see limits.ts and connection-guard.ts). Given `secure`, it
 * serves HTTPS instead (tls-server.ts, imported only then).
 * @module
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LeaderElectionRunnable, Runnable } from '../api/runnable.js';
import { guardConnections } from './connection-guard.js';
import { LISTEN_BACKLOG, type ServerLimits, serverOptions } from './limits.js';
import type { SecureServing } from './tls-server.js';

/** A handler's answer; `headers` adds to the server's own (content type, `nosniff`). */
export type Handler = (
  url: URL,
  req: IncomingMessage,
) => Promise<{ status: number; body: string; contentType?: string; headers?: Readonly<Record<string, string>> }>;

/**
 * `host:port` → its parts; no host (`:8081`, `8081`) means every interface, IPv6 and IPv4
 * where the machine has both, as Go's `net.Listen` reads `:8081` (a pod's IP may be IPv6);
 * an IPv6 host comes in brackets (`[::1]:8443`).
 */
export function parseBindAddress(address: string): { host: string | undefined; port: number } {
  const colon = address.lastIndexOf(':');
  const host = colon <= 0 ? '' : address.slice(0, colon);
  const port = Number(address.slice(colon + 1));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`unable to parse bind address "${address}"`);
  return { host: host === '' ? undefined : host.replace(/^\[(.*)\]$/, '$1'), port };
}

export class HttpServer implements Runnable, LeaderElectionRunnable {
  private readonly bound: Promise<AddressInfo>;
  private listening!: (address: AddressInfo) => void;
  private failed!: (err: unknown) => void;

  constructor(
    readonly name: string,
    private readonly bindAddress: string,
    private readonly handler: Handler,
    private readonly limits: ServerLimits = {},
    private readonly secure?: SecureServing,
  ) {
    this.bound = new Promise((resolve, reject) => {
      this.listening = resolve;
      this.failed = reject;
    });
    this.bound.catch(() => undefined); // a failed listen is reported by start()
  }

  needsLeaderElection(): boolean {
    return false;
  }

  /** Resolves with the bound address once the server listens. */
  address(): Promise<AddressInfo> {
    return this.bound;
  }

  /** Whether it serves HTTPS. */
  get tls(): boolean {
    return this.secure !== undefined;
  }

  async start(signal: AbortSignal): Promise<void> {
    const { host, port } = parseBindAddress(this.bindAddress);
    const listener = (req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      this.handler(url, req).then(
        ({ status, body, contentType, headers }) => {
          // nosniff: a browser reads each answer as the type it is served with, never as HTML it guessed
          const head = { ...headers, 'content-type': contentType ?? 'text/plain; charset=utf-8' };
          res.writeHead(status, { ...head, 'x-content-type-options': 'nosniff' }).end(body);
        },
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
    };
    let server: Server;
    let watch: ((signal: AbortSignal) => Promise<void>) | undefined;
    if (this.secure === undefined) {
      // node:http when the server starts, and as the CommonJS module: an ESM import of it reads
      // every export, and its `WebSocket` getter loads Node's bundled undici (~14 MiB RSS)
      const { createServer } = process.getBuiltinModule('node:http');
      server = createServer(serverOptions(this.limits), listener);
    } else {
      try {
        const { createTlsServer } = await import('./tls-server.js');
        ({ server, watch } = await createTlsServer(this.secure, this.limits, listener));
      } catch (err) {
        this.failed(err);
        throw new Error(`unable to serve ${this.name} on ${this.bindAddress}: ${(err as Error).message}`, {
          cause: err,
        });
      }
    }
    guardConnections(server, this.limits);
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err) => {
        this.failed(err);
        reject(new Error(`unable to serve ${this.name} on ${this.bindAddress}: ${err.message}`, { cause: err }));
      });
      server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
        this.listening(server.address() as AddressInfo);
        resolve();
      });
    });
    const watching = watch?.(signal);
    if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    server.closeAllConnections();
    await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), watching]);
  }
}
