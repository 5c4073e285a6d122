/**
 * The process's connections to API servers: one wire per (server, TLS identity, proxy,
 * protocol), shared by every `RestClient`, request and watch of the process, as client-go
 * shares one transport per rest config. HTTP/2 on Node's own `node:http2` is the default
 * (`http2-wire.ts`): requests and watches are streams of one session, and a PING every
 * `pingIntervalMs` whose answer does not come back before the next one resets the session,
 * so a silently dead connection is noticed within 2 × `pingIntervalMs`. undici
 * (`undici-wire.ts`, loaded only then) carries the rest: a server whose ALPN chooses
 * HTTP/1.1, `DISABLE_HTTP2=1` (as in client-go) or `http2: false` (the keep-alive HTTP/1.1
 * pool), a proxy, and a plain `http://` server. Each TLS identity has its own wire; when a
 * client's identity changes (a rotated client certificate) it gets a new wire and its old one
 * closes once its requests end.
 * @module
 */
import type { TlsIdentity } from './credentials.js';
import { Http2Wire } from './http2-wire.js';
import { undiciWire } from './undici-wire.js';
import type { Wire } from './wire.js';

export interface TransportOptions {
  /** Offer HTTP/2 (default: true unless `DISABLE_HTTP2` is set). */
  http2?: boolean;
  /** HTTP/2 PING period (default 5 000 ms); 0 disables it. */
  pingIntervalMs?: number;
}

const wires = new Map<string, Wire>();

/** Whether HTTP/2 is offered when the options do not say. */
export function http2ByDefault(): boolean {
  const off = process.env.DISABLE_HTTP2;
  return off === undefined || off === '' || off === '0' || off === 'false';
}

const keyOf = (origin: string, tls: TlsIdentity, proxyUrl: string | undefined, http2: boolean, ping: number) =>
  `${origin}\0${proxyUrl ?? ''}\0${http2}\0${ping}\0${tls.digest}`;

/**
 * The shared wire for `origin` with `tls`. Several identities may talk to one server from
 * one process (an operator and a test's admin client): each has its own wire, and none
 * closes another's. `replacing`: the identity the caller used until now (its certificate
 * was rotated), whose wire closes once its requests end.
 */
export function wireFor(
  origin: string,
  tls: TlsIdentity,
  proxyUrl: string | undefined,
  options: TransportOptions = {},
  replacing?: TlsIdentity,
): Wire {
  const http2 = options.http2 ?? http2ByDefault();
  const pingInterval = options.pingIntervalMs ?? 5000;
  const key = keyOf(origin, tls, proxyUrl, http2, pingInterval);
  if (replacing !== undefined && replacing.digest !== tls.digest) {
    const oldKey = keyOf(origin, replacing, proxyUrl, http2, pingInterval);
    const old = wires.get(oldKey);
    wires.delete(oldKey);
    // in-flight requests and open watches finish on the old connections
    void old?.close();
  }
  const found = wires.get(key);
  if (found !== undefined) return found;
  const wire =
    http2 && proxyUrl === undefined && origin.startsWith('https:')
      ? new Http2Wire(origin, tls, pingInterval, () => undiciWire(origin, tls, undefined, true, pingInterval))
      : undiciWire(origin, tls, proxyUrl, http2, pingInterval);
  wires.set(key, wire);
  return wire;
}

/** Closes every shared connection (tests, and a process that is done with the API server). */
export async function closeTransports(): Promise<void> {
  const all = [...wires.values()];
  wires.clear();
  await Promise.all(all.map((wire) => wire.close()));
}
