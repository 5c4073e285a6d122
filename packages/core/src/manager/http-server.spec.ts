/**
 * The manager's plain HTTP server against misbehaving clients on a loopback port: a
 * slow-loris client is cut by the headers timeout while others are served, and connections
 * beyond the cap are closed unanswered.
 */
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../../test/fixtures/helpers.js';
import { openIdle, plainDial, refusedBeyondCap, slowLoris } from '../../test/fixtures/slow-client.js';
import { HttpServer } from './http-server.js';

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

  it('cuts a client that sends its headers byte by byte, and keeps serving others', async () => {
    const loris = slowLoris(plainDial(port));
    expect(await get(port)).toBe(200);
    const outcome = await loris;
    expect(outcome.closedByServer).toBe(true);
    expect(await get(port)).toBe(200);
  }, 30_000);

  it('closes connections beyond the cap unanswered, and serves again once they go', async () => {
    // Retried: a keep-alive connection of an earlier request may still hold a slot.
    await eventually(async () => {
      const held: Socket[] = [];
      try {
        for (let i = 0; i < 3; i++) held.push(await openIdle(plainDial(port)));
        expect(await refusedBeyondCap(plainDial(port))).toBe(true);
      } finally {
        for (const socket of held) socket.destroy();
      }
    }, 10_000);
    await eventually(async () => {
      expect(await get(port)).toBe(200);
    }, 10_000);
  }, 30_000);
});
