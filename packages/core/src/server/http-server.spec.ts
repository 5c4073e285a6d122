/**
 * The manager's plain HTTP server against misbehaving clients on a loopback port: a
 * slow-loris client is cut by the headers timeout while others are served, and a newcomer
 * beyond the cap is answered, the oldest idle connection closed for it. A bind address
 * without a host listens on IPv6 and IPv4, as Go's `:8081` does. Every answer says `nosniff`.
 */
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../../test/fixtures/helpers.js';
import { beyondCap, plainDial, slowLoris } from '../../test/fixtures/slow-client.js';
import { HttpServer, parseBindAddress } from './http-server.js';

async function get(port: number): Promise<number> {
  return (await fetch(`http://127.0.0.1:${port}/healthz`)).status;
}

describe('HttpServer limits', () => {
  const stop = new AbortController();
  const server = new HttpServer('test', '127.0.0.1:0', async () => ({ status: 200, body: 'ok\n' }), {
    headersTimeoutMs: 500,
    maxConnections: 3,
  });
  let running: Promise<void>;
  let port: number;

  beforeAll(async () => {
    running = server.start(stop.signal);
    port = (await server.address()).port;
  });

  afterAll(async () => {
    stop.abort();
    await running;
  });

  it("answers with the handler's type and headers, and nosniff always", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const page = new HttpServer('page', '127.0.0.1:0', async () => ({
      status: 200,
      body: '<p>hi</p>',
      contentType: 'text/html; charset=utf-8',
      headers: { 'cache-control': 'no-store', 'x-content-type-options': 'sniff-me' },
    }));
    const pageStop = new AbortController();
    const serving = page.start(pageStop.signal);
    const answer = await fetch(`http://127.0.0.1:${(await page.address()).port}/`);
    expect([answer.headers.get('content-type'), answer.headers.get('cache-control')]).toEqual([
      'text/html; charset=utf-8',
      'no-store',
    ]);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    pageStop.abort();
    await serving;
  });

  it('cuts a client that sends its headers byte by byte, and keeps serving others', async () => {
    const loris = slowLoris(plainDial(port));
    expect(await get(port)).toBe(200);
    const outcome = await loris;
    expect(outcome.closedByServer).toBe(true);
    expect(await get(port)).toBe(200);
  }, 30_000);

  it('answers a newcomer beyond the cap, closing the oldest idle connection for it', async () => {
    // Retried: a keep-alive connection of an earlier request may be the oldest.
    await eventually(async () => {
      expect(await beyondCap(plainDial(port), 3)).toEqual({ answered: true, oldestClosed: true });
    }, 10_000);
  }, 30_000);
});

describe('HttpServer bind address', () => {
  it('reads a bind address without a host as every interface, and one with a host as that host', () => {
    expect(parseBindAddress(':8081')).toEqual({ host: undefined, port: 8081 });
    expect(parseBindAddress('8081')).toEqual({ host: undefined, port: 8081 });
    expect(parseBindAddress('127.0.0.1:0')).toEqual({ host: '127.0.0.1', port: 0 });
    expect(parseBindAddress('[::1]:8443')).toEqual({ host: '::1', port: 8443 });
    expect(() => parseBindAddress(':http')).toThrow('unable to parse bind address ":http"');
  });

  it('answers on IPv4 and, where the machine has it, IPv6 for `:0` (a pod IP may be either)', async () => {
    const stop = new AbortController();
    const server = new HttpServer('test', ':0', async () => ({ status: 200, body: 'ok\n' }));
    const running = server.start(stop.signal);
    try {
      const { port } = await server.address();
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      const ipv6 = Object.values(networkInterfaces()).some((list) => list?.some((i) => i.address === '::1'));
      if (ipv6) expect((await fetch(`http://[::1]:${port}/healthz`)).status).toBe(200);
    } finally {
      stop.abort();
      await running;
    }
  });
});
