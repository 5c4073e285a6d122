/**
 * One HTTP/2 connection to an API server: a TLS dial offering ALPN `h2` and `http/1.1`
 * (`ready` says which the server chose), then a `node:http2` session whose requests are its
 * streams. `ready` resolves only once the server's SETTINGS arrived: streams beyond its
 * SETTINGS_MAX_CONCURRENT_STREAMS wait in nghttp2's queue until others end, while streams
 * sent before the SETTINGS could be refused. A PING every `pingIntervalMs` whose answer
 * has not come back by the next one destroys the session, as do a GOAWAY (new streams go
 * to a new session; the ones the server kept finish), a socket error and a close: `onGone`
 * then tells the owner to dial again, and the streams still open reject. The socket keeps
 * the process alive only while streams are open. `node:http2`, `node:tls` and `node:net`
 * are loaded with the first session.
 * @module
 */
import type { ClientHttp2Session } from 'node:http2';
import type { TLSSocket } from 'node:tls';
import type { TlsIdentity } from './credentials.js';
import { sendOnStream } from './http2-stream.js';
import type { WireRequest, WireResponse } from './wire.js';

/** The protocol the server chose in the TLS handshake. */
export type Negotiated = 'h2' | 'http/1.1';

/** A dial that has not finished its TLS handshake by then fails (undici's `connectTimeout`). */
const CONNECT_TIMEOUT_MS = 10_000;
/** undici's HTTP/2 windows: 256 KiB per stream and 512 KiB per connection (Node's: 64 KiB). */
const STREAM_WINDOW = 262_144;
const CONNECTION_WINDOW = 524_288;
/** Client stream IDs end at 2^31 - 1 (odd ones): a session retires well before it runs out. */
const STREAMS_PER_SESSION = 1_000_000_000;

export class Http2Session {
  /** `h2` once the server's SETTINGS arrived, `http/1.1` when ALPN chose it; rejects when the dial failed. */
  readonly ready: Promise<Negotiated>;
  private settled: Negotiated | undefined;
  private left = false;
  private session: ClientHttp2Session | undefined;
  private socket: TLSSocket | undefined;
  private open = 0;
  private sent = 0;
  private pinging = false;
  private pinger: NodeJS.Timeout | undefined;
  /** Resolves once the connection is closed. */
  readonly closed: Promise<void>;
  private markClosed: () => void = () => undefined;

  constructor(
    private readonly origin: string,
    private readonly tls: TlsIdentity,
    private readonly pingIntervalMs: number,
    private readonly onGone: (session: Http2Session) => void,
  ) {
    this.closed = new Promise((resolve) => {
      this.markClosed = resolve;
    });
    this.ready = new Promise<Negotiated>((resolve, reject) =>
      this.dial((negotiated) => {
        this.settled = negotiated;
        resolve(negotiated);
      }, reject),
    );
    // a dial that fails is seen by the request waiting for it
    this.ready.catch(() => undefined);
  }

  /** What `ready` resolved, once it did: a request on a dialled session need not wait for a promise. */
  get negotiated(): Negotiated | undefined {
    return this.settled;
  }

  /** The session takes no new streams (a GOAWAY, closing, closed, destroyed, or the dial failed). */
  get gone(): boolean {
    const session = this.session;
    return this.left || (session !== undefined && (session.closed || session.destroyed));
  }

  /** Sends `req` as a stream of this session (after `ready` resolved `h2`). */
  request(req: WireRequest): Promise<WireResponse> {
    const session = this.session;
    if (session === undefined || this.gone) {
      return Promise.reject(new Error(`the HTTP/2 session to ${this.origin} is closed`));
    }
    if (this.open++ === 0) session.ref();
    const response = sendOnStream(session, req, () => {
      if (--this.open === 0 && !session.destroyed) session.unref();
    });
    if (++this.sent === STREAMS_PER_SESSION) void this.close();
    return response;
  }

  /** Takes no new streams; closes once the open ones end. */
  close(): Promise<void> {
    this.leave();
    if (this.session !== undefined) this.session.close();
    else this.socket?.destroy();
    return this.closed;
  }

  private dial(resolve: (protocol: Negotiated) => void, reject: (err: unknown) => void): void {
    const tls = process.getBuiltinModule('node:tls');
    const { isIP } = process.getBuiltinModule('node:net');
    const url = new URL(this.origin);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const identity = this.tls;
    const socket = tls.connect({
      host,
      port: Number(url.port || 443),
      servername: identity.servername ?? (isIP(host) === 0 ? host : undefined),
      ca: identity.ca,
      cert: identity.cert,
      key: identity.key,
      rejectUnauthorized: identity.rejectUnauthorized,
      ALPNProtocols: ['h2', 'http/1.1'],
    });
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 10_000);
    this.socket = socket;
    socket.setTimeout(CONNECT_TIMEOUT_MS, () => {
      socket.destroy(new Error(`unable to connect to ${this.origin} within ${CONNECT_TIMEOUT_MS} ms`));
    });
    const failed = (err: Error) => {
      reject(err);
      this.leave();
    };
    socket.once('error', failed);
    socket.once('close', () => {
      if (this.session === undefined) {
        failed(new Error(`the connection to ${this.origin} closed during the TLS handshake`));
        this.markClosed();
      }
    });
    socket.once('secureConnect', () => {
      socket.setTimeout(0);
      socket.off('error', failed);
      if (socket.alpnProtocol !== 'h2') {
        resolve('http/1.1');
        this.leave();
        socket.destroy();
        return;
      }
      this.start(socket, resolve, failed);
    });
  }

  private start(socket: TLSSocket, resolve: (protocol: Negotiated) => void, failed: (err: Error) => void): void {
    const http2 = process.getBuiltinModule('node:http2');
    const session = http2.connect(this.origin, {
      createConnection: () => socket,
      settings: { enablePush: false, initialWindowSize: STREAM_WINDOW },
    });
    this.session = session;
    session.once('connect', () => session.setLocalWindowSize(CONNECTION_WINDOW));
    session.once('remoteSettings', () => {
      resolve('h2');
      if (this.open === 0) session.unref();
    });
    session.on('error', failed);
    session.once('goaway', () => this.leave());
    session.once('close', () => {
      failed(new Error(`the HTTP/2 session to ${this.origin} closed before its SETTINGS`));
      clearInterval(this.pinger);
      this.markClosed();
    });
    if (this.pingIntervalMs > 0) {
      this.pinger = setInterval(() => this.ping(session), this.pingIntervalMs).unref();
    }
  }

  /** Sends a PING; destroys the session when the previous one is still unanswered. */
  private ping(session: ClientHttp2Session): void {
    if (this.pinging) {
      this.leave();
      session.destroy(
        new Error(`the API server at ${this.origin} did not answer an HTTP/2 PING within ${this.pingIntervalMs} ms`),
      );
      return;
    }
    this.pinging = true;
    try {
      session.ping((err) => {
        if (err === null) this.pinging = false;
      });
    } catch (err) {
      session.destroy(err as Error);
    }
  }

  /** Takes no new streams from now on, and tells the owner (once). */
  private leave(): void {
    if (this.left) return;
    this.left = true;
    this.onGone(this);
  }
}
