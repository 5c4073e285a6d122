/**
 * The fallback connection: an undici dispatcher, for a server that does not speak HTTP/2
 * (ALPN picks `http/1.1`), for `DISABLE_HTTP2=1` or `http2: false` (a keep-alive HTTP/1.1
 * pool), and for a proxy (`ProxyAgent`, which offers `h2` to the server behind it when
 * HTTP/2 is on). undici is loaded with the first such connection, so a process that talks
 * HTTP/2 to its API server never loads it.
 * @module
 */
import { createRequire } from 'node:module';
import type { Agent as AgentClass, Dispatcher, ProxyAgent as ProxyAgentClass } from 'undici';
import type { TlsIdentity } from './credentials.js';
import { flatHeaders, type Wire, type WireRequest, type WireResponse } from './wire.js';

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

/** An undici `Agent` (or `ProxyAgent` through `proxyUrl`) for `origin` with `tls`. */
export function undiciWire(
  origin: string,
  tls: TlsIdentity,
  proxyUrl: string | undefined,
  http2: boolean,
  pingInterval: number,
): Wire {
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
  const dispatcher: Dispatcher =
    proxyUrl === undefined
      ? new (undiciAgent())(common)
      : new (proxyAgent())({ ...common, uri: proxyUrl, requestTls: connect });
  return {
    async request(req: WireRequest): Promise<WireResponse> {
      const res = await dispatcher.request({
        origin,
        path: req.path,
        method: req.method as Dispatcher.HttpMethod,
        headers: req.headers,
        body: req.body,
        signal: req.signal,
      });
      return {
        status: res.statusCode,
        headers: flatHeaders(res.headers),
        text: () => res.body.text(),
        stream: () => res.body,
      };
    },
    close: () => dispatcher.close().catch(() => undefined),
  };
}
