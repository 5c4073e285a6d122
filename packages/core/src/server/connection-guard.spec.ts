/**
 * The connection guard: with stand-in sockets, whom a newcomer over a limit evicts (within
 * its own address, or from the address with the most connections without a request; silent
 * before idle before handshaking, oldest first, never one with a request in flight) and
 * when it is closed instead; on real loopback sockets, that a silent TLS client is cut by
 * the handshake timeout and that silent connections at the caps, from other addresses or
 * from the client's own, do not keep a request from being answered.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebhookInstall } from '@operant/testing';
import { post } from '../../test/fixtures/tls.js';
import { ConnectionGuard, type GuardedSocket, guardConnections } from './connection-guard.js';
import { serverOptions } from './limits.js';

interface Stand extends GuardedSocket {
  name: string;
  bytesRead: number;
  destroyed: boolean;
}

let nextPort = 1;
function socket(name: string, remoteAddress = '10.0.0.1', bytesRead = 0): Stand {
  return {
    name,
    remoteAddress,
    remotePort: nextPort++,
    bytesRead,
    destroyed: false,
    destroy() {
      this.destroyed = true;
    },
  };
}

/** Admits a newcomer that at once sends a request and keeps it in flight (never a victim itself). */
function busyNewcomer(guard: ConnectionGuard, name: string, remoteAddress = '10.0.0.1'): Stand {
  const newcomer = socket(name, remoteAddress);
  if (guard.admit(newcomer)) {
    newcomer.bytesRead = 100;
    guard.requestStarted(newcomer);
  }
  return newcomer;
}

describe('ConnectionGuard', () => {
  it('evicts within an address at its limit: silent, then idle, then handshaking, never one with a request in flight', () => {
    const guard = new ConnectionGuard({ maxConnections: 100, maxConnectionsPerSource: 4 });
    const busy = socket('busy', '10.0.0.1', 300);
    const handshaking = socket('handshaking', '10.0.0.1', 200);
    const idle = socket('idle', '10.0.0.1', 300);
    const silent = socket('silent');
    for (const s of [busy, handshaking, idle, silent]) guard.admit(s);
    guard.requestStarted(busy);
    guard.secured(idle);
    const other = socket('other address', '10.0.0.2');
    guard.admit(other);

    const evicted: string[] = [];
    const all = [busy, handshaking, idle, silent, other];
    for (let i = 0; i < 3; i++) {
      busyNewcomer(guard, `newcomer ${i}`);
      evicted.push(...all.filter((s) => s.destroyed && !evicted.includes(s.name)).map((s) => s.name));
    }
    expect(evicted).toEqual(['silent', 'idle', 'handshaking']);
    // now every connection of 10.0.0.1 has a request in flight: the newcomer is closed
    const refused = busyNewcomer(guard, 'refused');
    expect([refused.destroyed, busy.destroyed, other.destroyed]).toEqual([true, false, false]);
    expect(guard.counts).toEqual({ evicted: 3, refused: 1 });
    expect(guard.size).toBe(5);
  });

  it('evicts the oldest first among equals', () => {
    const guard = new ConnectionGuard({ maxConnections: 100, maxConnectionsPerSource: 3 });
    const [first, second, third] = ['first', 'second', 'third'].map((name) => socket(name));
    for (const s of [first, second, third]) guard.admit(s!);
    busyNewcomer(guard, 'newcomer');
    expect([first, second, third].map((s) => s!.destroyed)).toEqual([true, false, false]);
  });

  it('at the total limit, evicts from the address with the most connections without a request', () => {
    const guard = new ConnectionGuard({ maxConnections: 5, maxConnectionsPerSource: 5 });
    const flood = ['a', 'b', 'c'].map((name) => socket(name, '10.0.0.9', 0));
    const prober = socket('prober', '10.0.0.1', 0);
    const apiserver = socket('apiserver', '10.0.0.2', 500);
    for (const s of [prober, ...flood, apiserver]) guard.admit(s);
    guard.secured(apiserver);

    busyNewcomer(guard, 'newcomer', '10.0.0.3');
    expect([prober, apiserver, ...flood].map((s) => s.destroyed)).toEqual([false, false, true, false, false]);
  });

  it('at the total limit, passes over an address whose connections all have a request in flight', () => {
    const guard = new ConnectionGuard({ maxConnections: 4, maxConnectionsPerSource: 4 });
    const busy = ['a', 'b', 'c'].map((name) => socket(name, '10.0.0.2', 500));
    const lone = socket('lone', '10.0.0.1', 500);
    for (const s of [...busy, lone]) guard.admit(s);
    for (const s of busy) guard.requestStarted(s);

    busyNewcomer(guard, 'newcomer', '10.0.0.3');
    expect([...busy, lone].map((s) => s.destroyed)).toEqual([false, false, false, true]);
    expect(busyNewcomer(guard, 'refused', '10.0.0.4').destroyed).toBe(true);
    expect(guard.counts).toEqual({ evicted: 1, refused: 1 });
  });

  it('makes a connection a candidate again once its request is answered, and forgets closed ones', () => {
    const guard = new ConnectionGuard({ maxConnections: 2, maxConnectionsPerSource: 2 });
    const keptAlive = socket('kept alive', '10.0.0.1', 500);
    const closing = socket('closing', '10.0.0.1', 500);
    guard.admit(keptAlive);
    guard.admit(closing);
    const answered = guard.requestStarted(keptAlive);
    guard.requestStarted(closing);
    guard.closed(closing);
    expect(guard.size).toBe(1);
    answered();

    busyNewcomer(guard, 'fills the slot'); // the slot the closed one left
    expect(keptAlive.destroyed).toBe(false);
    busyNewcomer(guard, 'evicts');
    expect(keptAlive.destroyed).toBe(true);
  });
});

describe('guardConnections on an HTTPS server', () => {
  const certs = new WebhookInstall();
  let server: Server;
  let port: number;
  const held: Socket[] = [];

  beforeAll(async () => {
    await certs.setup();
    const [cert, key] = await Promise.all(['tls.crt', 'tls.key'].map((name) => readFile(join(certs.certDir, name))));
    server = createServer({ cert, key, ...serverOptions({ handshakeTimeoutMs: 300 }) }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    guardConnections(server, { maxConnections: 4, maxConnectionsPerSource: 2 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });

  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    await certs.cleanup();
  });

  /** A TCP connection from `localAddress` that never sends a byte; resolves once connected. */
  function silent(localAddress: string): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port, localAddress }, () => resolve(socket));
      socket.on('error', reject);
      held.push(socket);
    });
  }

  it('cuts a client that never starts its TLS handshake', async () => {
    const socket = await silent('127.0.0.2');
    // the client never closes it: a close comes from the server
    await new Promise((resolve) => {
      socket.on('error', () => undefined);
      socket.on('close', resolve);
    });
    expect(socket.bytesRead).toBe(0);
  }, 30_000);

  it('answers a client while silent connections from other addresses fill both caps', async () => {
    for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.2', '127.0.0.3', '127.0.0.2', '127.0.0.4']) {
      await silent(address);
    }
    expect((await post(port, certs.caPem, '/', '{}')).status).toBe(200);
  });

  it("answers a client while silent connections from its own address fill that address's cap", async () => {
    for (let i = 0; i < 4; i++) await silent('127.0.0.1');
    expect((await post(port, certs.caPem, '/', '{}')).status).toBe(200);
  });
});
