/**
 * The HTTP/2 wire against real `node:http2` servers, for what the API server cannot be made
 * to do on demand: a SETTINGS_MAX_CONCURRENT_STREAMS of 2, a GOAWAY, a refused stream, a reset session, a
 * PING that is never answered (a TCP relay that stops relaying), ALPN choosing HTTP/1.1,
 * and a rotated TLS identity.
 */
import http2, { type Http2SecureServer, type ServerHttp2Session, type ServerHttp2Stream } from 'node:http2';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { selfSignedCertificate } from '../../server/self-signed.js';
import type { TlsIdentity } from './credentials.js';
import { Http2Wire } from './http2-wire.js';
import { closeTransports, wireFor } from './transport.js';
import { undiciWire } from './undici-wire.js';
import type { Wire, WireResponse } from './wire.js';

const pair = selfSignedCertificate();
const identity = (digest = 'a'): TlsIdentity => ({ ca: pair.cert.toString(), digest });

interface Peer {
  origin: string;
  port: number;
  sessions: ServerHttp2Session[];
  /** Streams open on the server right now. */
  active: number;
  maxActive: number;
  server: Http2SecureServer;
}

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await closeTransports();
  for (const close of closers.splice(0).reverse()) await close();
});

async function peer(onStream: (stream: ServerHttp2Stream) => void, maxConcurrentStreams?: number): Promise<Peer> {
  const server = http2.createSecureServer({ ...pair, settings: { maxConcurrentStreams } });
  const p: Peer = { origin: '', port: 0, sessions: [], active: 0, maxActive: 0, server };
  server.on('session', (s) => {
    s.on('error', () => undefined);
    p.sessions.push(s);
  });
  server.on('stream', (stream) => {
    p.active++;
    p.maxActive = Math.max(p.maxActive, p.active);
    stream.once('close', () => p.active--);
    stream.on('error', () => undefined);
    onStream(stream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  p.port = (server.address() as AddressInfo).port;
  p.origin = `https://127.0.0.1:${p.port}`;
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const s of p.sessions) s.destroy();
        server.close(() => resolve());
      }),
  );
  return p;
}

const ok = (stream: ServerHttp2Stream, body = 'ok') => {
  stream.respond({ ':status': 200, 'x-seen': stream.id, 'set-cookie': ['a=1', 'b=2'] });
  stream.end(body);
};

const wireTo = (origin: string, pingIntervalMs = 0): Wire => {
  const wire = new Http2Wire(origin, identity(), pingIntervalMs, () =>
    undiciWire(origin, identity(), undefined, true, 0),
  );
  closers.push(() => wire.close());
  return wire;
};

const get = (wire: Wire, signal?: AbortSignal): Promise<WireResponse> =>
  wire.request({ method: 'GET', path: '/x', headers: { Accept: 'application/json' }, signal });

describe('Http2Wire', () => {
  it('sends requests as streams of one session, with flat headers, the text and the chunks of the body', async () => {
    const p = await peer((stream) => {
      stream.respond({ ':status': 201, 'set-cookie': ['a=1', 'b=2'] });
      stream.write('one,');
      setTimeout(() => stream.end('two'), 10);
    });
    const wire = wireTo(p.origin);
    const first = await get(wire);
    expect(first.status).toBe(201);
    expect(first.headers['set-cookie']).toBe('a=1, b=2');
    expect(Object.keys(first.headers).some((name) => name.startsWith(':'))).toBe(false);
    expect(await first.text()).toBe('one,two');
    const chunks: string[] = [];
    for await (const chunk of (await get(wire)).stream() ?? []) chunks.push(Buffer.from(chunk).toString());
    expect(chunks).toEqual(['one,', 'two']);
    await Promise.all(Array.from({ length: 20 }, async () => (await get(wire)).text()));
    expect(p.sessions).toHaveLength(1);
  });

  it("queues the streams beyond the server's SETTINGS_MAX_CONCURRENT_STREAMS", async () => {
    const p = await peer((stream) => setTimeout(() => ok(stream), 30), 2);
    const wire = wireTo(p.origin);
    const texts = await Promise.all(Array.from({ length: 12 }, async () => (await get(wire)).text()));
    expect(texts).toEqual(Array(12).fill('ok'));
    expect(p.maxActive).toBe(2);
    expect(p.sessions).toHaveLength(1);
  });

  it('closes the stream with CANCEL when the signal aborts, before the response and while the body is read', async () => {
    const codes: number[] = [];
    const p = await peer((stream) => {
      stream.once('close', () => codes.push(stream.rstCode));
      if (codes.length === 1) {
        stream.respond({ ':status': 200 });
        stream.write('{"type":"ADDED"}\n');
      }
    });
    const wire = wireTo(p.origin);
    const before = new AbortController();
    const pending = get(wire, before.signal);
    while (p.active === 0) await new Promise((r) => setTimeout(r, 5));
    before.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    while (codes.length < 1) await new Promise((r) => setTimeout(r, 5));

    const during = new AbortController();
    const res = await get(wire, during.signal);
    const reading = (async () => {
      for await (const _ of res.stream() ?? []) during.abort();
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    while (codes.length < 2) await new Promise((r) => setTimeout(r, 5));
    expect(codes).toEqual([http2.constants.NGHTTP2_CANCEL, http2.constants.NGHTTP2_CANCEL]);

    const already = new AbortController();
    already.abort();
    await expect(get(wire, already.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends the requests after a GOAWAY on a new session; the streams the server kept finish', async () => {
    let held: ServerHttp2Stream | undefined;
    const p = await peer((stream) => {
      if (held === undefined) held = stream;
      else ok(stream);
    });
    const wire = wireTo(p.origin);
    const inFlight = get(wire);
    while (held === undefined) await new Promise((r) => setTimeout(r, 5));
    p.sessions[0]?.goaway(http2.constants.NGHTTP2_NO_ERROR, held.id);
    await new Promise((r) => setTimeout(r, 20));
    expect(await (await get(wire)).text()).toBe('ok');
    expect(p.sessions).toHaveLength(2);
    ok(held, 'kept');
    expect(await (await inFlight).text()).toBe('kept');
  });

  it('sends a refused stream once more (the server did not process it), and fails when it is refused again', async () => {
    let streams = 0;
    let refuseAll = false;
    const p = await peer((stream) => {
      if (streams++ === 0 || refuseAll) stream.close(http2.constants.NGHTTP2_REFUSED_STREAM);
      else ok(stream);
    });
    const wire = wireTo(p.origin);
    expect(await (await get(wire)).text()).toBe('ok');
    expect(streams).toBe(2);
    refuseAll = true;
    await expect(get(wire)).rejects.toThrow(/NGHTTP2_REFUSED_STREAM/);
    expect(streams).toBe(4);
  });

  it('rejects the streams of a session that died and dials again for the next request', async () => {
    let hold = true;
    const p = await peer((stream) => {
      if (!hold) ok(stream);
    });
    const wire = wireTo(p.origin);
    const inFlight = get(wire);
    while (p.active === 0) await new Promise((r) => setTimeout(r, 5));
    p.sessions[0]?.socket.destroy();
    await expect(inFlight).rejects.toThrow();
    hold = false;
    expect(await (await get(wire)).text()).toBe('ok');
    expect(p.sessions).toHaveLength(2);
  });

  it('resets a session whose PING is not answered before the next one, rejecting its streams', async () => {
    let streams = 0;
    const p = await peer((stream) => {
      if (streams++ > 0) ok(stream);
    });
    // a TCP relay that can stop relaying: the connection stays up, nothing comes back
    const relayed: net.Socket[] = [];
    let dials = 0;
    const relay = net.createServer((client) => {
      dials++;
      const upstream = net.connect(p.port, '127.0.0.1');
      relayed.push(client, upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of relayed) socket.destroy();
          relay.close(() => resolve());
        }),
    );
    const wire = wireTo(`https://127.0.0.1:${(relay.address() as AddressInfo).port}`, 50);
    const inFlight = get(wire);
    while (p.active === 0) await new Promise((r) => setTimeout(r, 5));
    for (const socket of relayed) socket.pause();
    const started = performance.now();
    await expect(inFlight).rejects.toThrow(/did not answer an HTTP\/2 PING within 50 ms/);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await (await get(wire)).text()).toBe('ok');
    expect(dials).toBe(2);
  });

  it('sends every request through undici when the server chooses HTTP/1.1', async () => {
    const versions: string[] = [];
    const server = https.createServer({ ...pair, ALPNProtocols: ['http/1.1'] }, (req, res) => {
      versions.push(req.httpVersion);
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.end('h1');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    closers.push(() => server.closeAllConnections());
    const wire = wireTo(`https://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const res = await get(wire);
    expect(await res.text()).toBe('h1');
    expect(res.headers['set-cookie']).toBe('a=1, b=2');
    expect(await (await get(wire)).text()).toBe('h1');
    expect(versions).toEqual(['1.1', '1.1']);
  });

  it('takes no requests once closed', async () => {
    const p = await peer(ok);
    const wire = wireTo(p.origin);
    expect(await (await get(wire)).text()).toBe('ok');
    await wire.close();
    await expect(get(wire)).rejects.toThrow(/is closed/);
    expect(p.sessions).toHaveLength(1);
  });

  it('rejects when the server is not there', async () => {
    const p = await peer(ok);
    const origin = p.origin;
    await new Promise<void>((resolve) => {
      p.server.close(() => resolve());
    });
    await expect(get(wireTo(origin))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('wireFor', () => {
  it('gives a rotated TLS identity a new session and closes the old one once its streams end', async () => {
    let held: ServerHttp2Stream | undefined;
    const p = await peer((stream) => {
      if (held === undefined) held = stream;
      else ok(stream);
    });
    const oldWire = wireFor(p.origin, identity('a'), undefined, { http2: true });
    expect(wireFor(p.origin, identity('a'), undefined, { http2: true })).toBe(oldWire);
    const inFlight = get(oldWire);
    while (held === undefined) await new Promise((r) => setTimeout(r, 5));
    const closed = new Promise((resolve) => p.sessions[0]?.once('close', resolve));
    const newWire = wireFor(p.origin, identity('b'), undefined, { http2: true }, identity('a'));
    expect(newWire).not.toBe(oldWire);
    expect(await (await get(newWire)).text()).toBe('ok');
    expect(p.sessions).toHaveLength(2);
    ok(held, 'kept');
    expect(await (await inFlight).text()).toBe('kept');
    await closed;
  });

  it("keeps one wire per identity: two clients of two identities do not close each other's", async () => {
    const p = await peer((stream) => ok(stream));
    const alice = wireFor(p.origin, identity('alice'), undefined, { http2: true });
    const dialling = get(alice);
    const bob = wireFor(p.origin, identity('bob'), undefined, { http2: true });
    expect(bob).not.toBe(alice);
    expect(await (await dialling).text()).toBe('ok');
    expect(await (await get(bob)).text()).toBe('ok');
    expect(wireFor(p.origin, identity('alice'), undefined, { http2: true })).toBe(alice);
    expect(await (await get(alice)).text()).toBe('ok');
    expect(p.sessions).toHaveLength(2);
  });
});
