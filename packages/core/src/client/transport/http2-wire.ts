/**
 * The HTTP/2 connection for one (API server, TLS identity): one shared session, dialled
 * with the first request and dialled again by the first request after it went away (a
 * GOAWAY, a reset, an unanswered PING). When the server's ALPN chooses HTTP/1.1, every
 * request from then on goes to the fallback wire (undici), made then. A request the server
 * refused without processing it (REFUSED_STREAM, as for the streams a GOAWAY cut off) is
 * sent once more.
 * @module
 */
import type { TlsIdentity } from './credentials.js';
import { Http2Session } from './http2-session.js';
import { RefusedStream } from './http2-stream.js';
import type { Wire, WireRequest, WireResponse } from './wire.js';

export class Http2Wire implements Wire {
  private session: Http2Session | undefined;
  private readonly sessions = new Set<Http2Session>();
  private fallback: Wire | undefined;
  private closed = false;

  constructor(
    private readonly origin: string,
    private readonly tls: TlsIdentity,
    private readonly pingIntervalMs: number,
    private readonly http1: () => Wire,
  ) {}

  async request(req: WireRequest): Promise<WireResponse> {
    for (let attempt = 0; ; attempt++) {
      if (this.fallback !== undefined) return this.fallback.request(req);
      if (this.closed) throw new Error(`the connection to ${this.origin} is closed`);
      req.signal?.throwIfAborted();
      const session = this.current();
      const negotiated = session.negotiated ?? (await untilAborted(session.ready, req.signal));
      if (negotiated === 'http/1.1') {
        this.fallback ??= this.http1();
        continue;
      }
      // a session that went away while this request waited for it: once more, on the next one
      if (session.gone && attempt === 0) continue;
      try {
        return await session.request(req);
      } catch (err) {
        // refused (a GOAWAY raced it): the server did not process it, so once more
        if (!(err instanceof RefusedStream) || attempt > 0 || req.signal?.aborted) throw err;
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const sessions = [...this.sessions];
    this.session = undefined;
    await Promise.all([...sessions.map((s) => s.close()), this.fallback?.close()]);
  }

  private current(): Http2Session {
    if (this.session === undefined || this.session.gone) {
      const session = new Http2Session(this.origin, this.tls, this.pingIntervalMs, (gone) => {
        if (this.session === gone) this.session = undefined;
      });
      this.session = session;
      this.sessions.add(session);
      void session.closed.then(() => this.sessions.delete(session));
    }
    return this.session;
  }
}

/** `promise`, or a rejection with the signal's reason when it aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise((resolve, reject) => {
    const aborted = () => reject(signal.reason);
    signal.addEventListener('abort', aborted, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', aborted));
  });
}
