/**
 * One request as a stream of an HTTP/2 session, and its response read straight from the
 * stream: `text()` collects the chunks and decodes them once, `stream()` is the stream itself
 * (its chunks are Buffers, which are Uint8Arrays). The request's signal closes the stream
 * with RST_STREAM CANCEL and rejects with an `AbortError`; a stream that closes before its
 * response or the end of its body (a reset, a session that went away) rejects as well.
 * @module
 */
import type { ClientHttp2Session, ClientHttp2Stream, IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http2';
import { flatHeaders, type WireRequest, type WireResponse } from './wire.js';

/** RST_STREAM REFUSED_STREAM (RFC 9113 §8.7): the server did not process the request. */
const REFUSED_STREAM = 7;

/** A stream the server refused (REFUSED_STREAM, or beyond a GOAWAY's last stream): safe to send again. */
export class RefusedStream extends Error {}

/** Sends `req` on `session`; resolves when the response headers arrive. `closed` runs when the stream closes. */
export function sendOnStream(session: ClientHttp2Session, req: WireRequest, closed: () => void): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const headers: OutgoingHttpHeaders = { ...req.headers, ':method': req.method, ':path': req.path };
    if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
    let stream: ClientHttp2Stream;
    try {
      stream = session.request(headers, { endStream: req.body === undefined, signal: req.signal });
    } catch (err) {
      closed();
      reject(err);
      return;
    }
    // plain listeners, no `once`: 'response', 'error' and 'close' come at most once per
    // stream, and a `once` costs a wrapper and a removal per request
    let answered = false;
    // an error after the response reaches whoever reads the body; unread, it must not crash the process
    stream.on('error', (err: Error) => {
      if (!answered) reject(stream.rstCode === REFUSED_STREAM ? new RefusedStream(err.message, { cause: err }) : err);
    });
    stream.on('close', () => {
      closed();
      // every stream closes: an Error (and its stack trace) only for one that closed unanswered
      if (!answered) reject(new Error(`the stream closed before a response (HTTP/2 error code ${stream.rstCode})`));
    });
    stream.on('response', (h: IncomingHttpHeaders) => {
      answered = true;
      let flat: Record<string, string> | undefined;
      resolve({
        status: Number(h[':status']),
        // built on first read: most answers are read for their status and body only
        get headers() {
          flat ??= flatHeaders(h);
          return flat;
        },
        text: () => readText(stream),
        stream: () => stream,
      });
    });
    if (req.body !== undefined) stream.end(req.body);
  });
}

function readText(stream: ClientHttp2Stream): Promise<string> {
  return new Promise((resolve, reject) => {
    if (stream.destroyed && !stream.readableEnded) {
      reject(new Error(`the stream closed before the end of the body (HTTP/2 error code ${stream.rstCode})`));
      return;
    }
    const chunks: Buffer[] = [];
    let ended = false;
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      ended = true;
      resolve((chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)).toString());
    });
    stream.on('error', reject);
    stream.on('close', () => {
      if (!ended)
        reject(new Error(`the stream closed before the end of the body (HTTP/2 error code ${stream.rstCode})`));
    });
  });
}
