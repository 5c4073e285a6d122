/**
 * The secure metrics server over real TLS on a loopback port (the auth filter against a
 * real API server is in test/metrics-auth.int.spec.ts): with no folder it presents a
 * self-signed certificate for localhost and 127.0.0.1; ALPN never picks HTTP/2; plain HTTP is
 * refused; with a folder it serves the pair there and the next one written to it; the
 * connection limits still apply; a filter answers before the handler.
 */
import { connect, type PeerCertificate } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebhookInstall } from '@operant/testing';
import { eventually } from '../../test/fixtures/helpers.js';
import { beyondCap, slowLoris, tlsDial } from '../../test/fixtures/slow-client.js';
import { presentedCertificate } from '../../test/fixtures/tls.js';
import { noopLogger } from '../api/logger.js';
import type { RestClient } from '../client/rest.js';
import { controllerMetrics } from '../controller/reconcile-metrics.js';
import { type MetricsRegistry, newRegistry } from '../metrics/registry.js';
import type { HttpServer } from '../server/http-server.js';
import type { ServerLimits } from '../server/limits.js';
import { type MetricsServerOptions, newMetricsServer } from './metrics-server.js';

const rest = {} as RestClient; // no filter here sends a review

/** A registry with the controller families, as a manager's has. */
function registryWithFamilies(): MetricsRegistry {
  const registry = newRegistry();
  controllerMetrics(registry);
  return registry;
}

/** Starts a metrics server on a free loopback port; stops it after the suite. */
function running(options: MetricsServerOptions, limits?: ServerLimits) {
  const stop = new AbortController();
  const handle = { server: undefined as unknown as HttpServer, port: 0, done: Promise.resolve() };
  beforeAll(async () => {
    handle.server = newMetricsServer('127.0.0.1:0', registryWithFamilies(), options, {
      rest,
      logger: noopLogger,
      limits,
    });
    handle.done = handle.server.start(stop.signal);
    handle.port = (await handle.server.address()).port;
  });
  afterAll(async () => {
    stop.abort();
    await handle.done;
  });
  return handle;
}

/** One HTTPS request without verifying the certificate; the status, body and ALPN protocol. */
function fetchTls(port: number, alpn = ['h2', 'http/1.1']): Promise<{ status: number; body: string; alpn: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(
      { host: '127.0.0.1', port, rejectUnauthorized: false, servername: 'localhost', ALPNProtocols: alpn },
      () => socket.end('GET /metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4), alpn: String(socket.alpnProtocol) });
    });
  });
}

function peerCertificate(port: number): Promise<PeerCertificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false, servername: 'localhost' }, () => {
      resolve(socket.getPeerCertificate());
      socket.end();
    });
    socket.on('error', reject);
  });
}

describe('the secure metrics server without a certificate folder', () => {
  const metrics = running({ secureServing: true }, { headersTimeoutMs: 500, maxConnections: 3 });

  it('presents a self-signed certificate for localhost and 127.0.0.1', async () => {
    expect(metrics.server.tls).toBe(true);
    const cert = await peerCertificate(metrics.port);
    expect(cert.subject.CN).toBe('localhost');
    expect(cert.issuer.CN).toBe('localhost');
    expect(cert.subjectaltname).toBe('DNS:localhost, IP Address:127.0.0.1');
  });

  it('serves Prometheus text over HTTP/1.1 even to a client that offers HTTP/2', async () => {
    const res = await fetchTls(metrics.port);
    expect(res).toMatchObject({ status: 200, alpn: 'http/1.1' });
    expect(res.body).toContain('# TYPE controller_runtime_reconcile_total counter');
    // a client that speaks HTTP/2 only finds no protocol in common
    await expect(fetchTls(metrics.port, ['h2'])).rejects.toThrow(/no application protocol/);
  });

  it('refuses plain HTTP', async () => {
    const outcome = await fetch(`http://127.0.0.1:${metrics.port}/metrics`).then(
      (res) => `status ${res.status}`,
      () => 'refused',
    );
    expect(outcome).toBe('refused');
  });

  it('keeps the server limits: a slow-loris client is cut, a newcomer beyond the cap evicts the oldest', async () => {
    expect((await slowLoris(tlsDial(metrics.port))).closedByServer).toBe(true);
    // Retried: a keep-alive connection of an earlier request may be the oldest.
    await eventually(async () => {
      expect(await beyondCap(tlsDial(metrics.port), 3)).toEqual({ answered: true, oldestClosed: true });
    }, 10_000);
  }, 30_000);
});

describe('the secure metrics server with a certificate folder', () => {
  const certs = new WebhookInstall();
  const options: MetricsServerOptions = { secureServing: true, certPollIntervalMs: 100 };
  beforeAll(async () => {
    await certs.setup();
    options.certDir = certs.certDir;
  });
  afterAll(() => certs.cleanup());
  const metrics = running(options);

  it('serves the pair in the folder, then the next one written to it', async () => {
    const before = await presentedCertificate(metrics.port, certs.caPem);
    const rotated = await certs.rotateCertificate();
    await eventually(async () => {
      expect((await presentedCertificate(metrics.port, certs.caPem)).fingerprint256).not.toBe(before.fingerprint256);
    }, 10_000);
    const current = await presentedCertificate(metrics.port, certs.caPem);
    expect(current.pem.replace(/\s/g, '')).toBe(rotated.certPem.replace(/\s/g, ''));
    expect((await fetchTls(metrics.port)).status).toBe(200);
  });

  it('fails to start, naming the files, when the folder holds no pair', async () => {
    const server = newMetricsServer(
      '127.0.0.1:0',
      newRegistry(),
      { secureServing: true, certDir: '/nonexistent' },
      { rest, logger: noopLogger },
    );
    await expect(server.start(new AbortController().signal)).rejects.toThrow(
      'unable to serve metrics on 127.0.0.1:0: unable to load the serving certificate /nonexistent/tls.crt and key /nonexistent/tls.key',
    );
  });
});

describe('a metrics server with a filter', () => {
  const metrics = running({
    filterProvider: () => async (url) => (url.pathname === '/metrics' ? { status: 401, body: 'no\n' } : undefined),
  });

  it('answers what the filter answers, and from the handler what it lets through', async () => {
    expect(metrics.server.tls).toBe(false);
    const refused = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect([refused.status, await refused.text()]).toEqual([401, 'no\n']);
    expect((await fetch(`http://127.0.0.1:${metrics.port}/other`)).status).toBe(404);
  });
});
