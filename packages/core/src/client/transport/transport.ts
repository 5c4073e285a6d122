/**
 * The process's connections to API servers: one undici dispatcher per (server, TLS identity,
 * protocol), shared by every `RestClient`, request and watch of the process, as client-go
 * shares one transport per rest config. HTTP/2 is the default (ALPN `h2`, falling back to
 * HTTP/1.1 when the server or a proxy does not offer it): requests and watches are streams
 * of one session, and a PING every `pingIntervalMs` whose answer does not come back before
 * the next one resets the session, so a silently dead connection is noticed within
 * 2 × `pingIntervalMs`. `DISABLE_HTTP2=1` (as in client-go) or `http2: false` selects the
 * keep-alive HTTP/1.1 pool. A new TLS identity (a rotated client certificate) gets a new
 * dispatcher; the old one closes once its requests end.
 * @module
 */
import { createRequire } from 'node:module';
import type { Agent as AgentClass, Dispatcher, ProxyAgent as ProxyAgentClass } from 'undici';
import type { TlsIdentity } from './credentials.js';

// undici's index loads fetch, WebSocket, caches, mocks (~29 MiB RSS); the dispatchers alone
// ~16 MiB with node:http2, node:tls and node:http. They are loaded with the first dispatcher,
// not with the package. undici has no exports map, and its version is pinned.
const require = createRequire(import.meta.url);
let agentClass: typeof AgentClass | undefined;
function undiciAgent(): typeof AgentClass {
  if (agentClass === undefined) {
    // `dispatcher.request()` and friends are mixed into Dispatcher's prototype by undici's index,
    // which is not loaded here: mix them in the same way (idempotent; the same functions).
    Object.assign(
      (require('undici/lib/dispatcher/dispatcher.js') as { prototype: object }).prototype,
      require('undici/lib/api/index.js'),
    );
    agentClass = require('undici/lib/dispatcher/agent.js') as typeof AgentClass;
  }
  return agentClass;
}
const proxyAgent = () => {
  undiciAgent();
  return require('undici/lib/dispatcher/proxy-agent.js') as typeof ProxyAgentClass;
};

export interface TransportOptions {
  /** Offer HTTP/2 (default: true unless `DISABLE_HTTP2` is set). */
  http2?: boolean;
  /** HTTP/2 PING period (default 5 000 ms); 0 disables it. */
  pingIntervalMs?: number;
}

interface Entry {
  dispatcher: Dispatcher;
  /** The identity key without the TLS digest: a new digest for it replaces this entry. */
  slot: string;
}

const dispatchers = new Map<string, Entry>();
const bySlot = new Map<string, string>();

/** Whether HTTP/2 is offered when the options do not say. */
export function http2ByDefault(): boolean {
  const off = process.env.DISABLE_HTTP2;
  return off === undefined || off === '' || off === '0' || off === 'false';
}

/** The shared dispatcher for `origin` with `tls`; replaces (and closes) the one of an older identity. */
export function dispatcherFor(
  origin: string,
  tls: TlsIdentity,
  proxyUrl: string | undefined,
  options: TransportOptions = {},
): Dispatcher {
  const http2 = options.http2 ?? http2ByDefault();
  const pingInterval = options.pingIntervalMs ?? 5000;
  const slot = `${origin}\0${proxyUrl ?? ''}\0${http2}\0${pingInterval}`;
  const key = `${slot}\0${tls.digest}`;
  const found = dispatchers.get(key);
  if (found !== undefined) return found.dispatcher;
  const older = bySlot.get(slot);
  if (older !== undefined) {
    const old = dispatchers.get(older);
    dispatchers.delete(older);
    // in-flight requests and open watches finish on the old connections
    void old?.dispatcher.close().catch(() => undefined);
  }
  const connect = {
    ca: tls.ca,
    cert: tls.cert,
    key: tls.key,
    rejectUnauthorized: tls.rejectUnauthorized,
    servername: tls.servername,
    keepAlive: true,
    keepAliveInitialDelay: 10_000,
  };
  const common = {
    allowH2: http2,
    // h2: the session's streams; h1: no cap, each watch holds a connection
    pipelining: 1,
    keepAliveTimeout: 60_000,
    keepAliveMaxTimeout: 600_000,
    // no client-side timeouts: watches are long, the server ends them (timeoutSeconds)
    headersTimeout: 0,
    bodyTimeout: 0,
    // the API server allows 1000 streams per connection; the server's SETTINGS lower it if need be
    h2Options: { pingInterval, maxConcurrentStreams: 1000 },
    connect,
  };
  const dispatcher =
    proxyUrl === undefined
      ? new (undiciAgent())(common)
      : new (proxyAgent())({ ...common, uri: proxyUrl, requestTls: connect });
  dispatchers.set(key, { dispatcher, slot });
  bySlot.set(slot, key);
  return dispatcher;
}

/** Closes every shared connection (tests, and a process that is done with the API server). */
export async function closeTransports(): Promise<void> {
  const all = [...dispatchers.values()];
  dispatchers.clear();
  bySlot.clear();
  await Promise.all(all.map((e) => e.dispatcher.close().catch(() => undefined)));
}
