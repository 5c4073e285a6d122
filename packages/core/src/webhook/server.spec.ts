/**
 * The webhook server over real HTTPS on a loopback port (no API server needed): malformed
 * and oversized bodies, wrong methods and paths, plain HTTP, readiness, certificate reload.
 */

import { writeFile } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebhookInstall } from '@operant/testing';
import { eventually } from '../../test/fixtures/helpers.js';
import { beyondCap, slowLoris, tlsDial } from '../../test/fixtures/slow-client.js';
import { post, postPlain, presentedCertificate, widgetReview as review } from '../../test/fixtures/tls.js';
import { noopLogger } from '../api/logger.js';
import { DefaultWebhookServer as WebhookServer } from './server.js';
import { validatingHandler } from './validating.js';

describe('WebhookServer', () => {
  const certs = new WebhookInstall();
  let server: WebhookServer;
  const stop = new AbortController();
  let running: Promise<void>;
  let port: number;
  let ca: string;

  beforeAll(async () => {
    await certs.setup();
    ca = certs.caPem;
    server = new WebhookServer({
      ...certs.serverOptions(),
      port: 0,
      maxBodyBytes: 2048,
      certPollIntervalMs: 100,
      logger: noopLogger,
    });
    server.register('/validate', validatingHandler({ validateCreate: () => ['checked'] }), 'validate');
    const hang = (_obj: unknown, ctx: { signal: AbortSignal }) =>
      new Promise<undefined>((resolve) => ctx.signal.addEventListener('abort', () => resolve(undefined)));
    server.register('/hang', validatingHandler({ validateCreate: hang }), 'validate');
    server.conversions.setHub('example.com', 'Widget', 'v2');
    await expect(server.startedChecker()()).rejects.toThrow('webhook server has not been started yet');
    running = server.start(stop.signal);
    port = (await server.address()).port;
  });

  afterAll(async () => {
    stop.abort();
    await running;
    await certs.cleanup();
  });

  it('answers an AdmissionReview with the request uid, and passes its readiness check', async () => {
    const res = await post(port, ca, '/validate', review);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({
      apiVersion: 'admission.k8s.io/v1',
      kind: 'AdmissionReview',
      response: { uid: 'u-1', allowed: true, warnings: ['checked'] },
    });
    await expect(server.startedChecker()()).resolves.toBeUndefined();
  });

  it.each([
    ['a body that is not JSON', '/validate', '{"kind":', 'unable to parse the request body as JSON'],
    [
      'a review of another kind',
      '/validate',
      '{"kind":"Pod","apiVersion":"v1"}',
      'kind is "Pod", expected "AdmissionReview"',
    ],
    [
      'a ConversionReview without objects',
      '/convert',
      '{"kind":"ConversionReview","apiVersion":"apiextensions.k8s.io/v1","request":{"uid":"x","desiredAPIVersion":"example.com/v1"}}',
      'request.objects is not a list',
    ],
  ])('answers 400 to %s', async (_, path, body, message) => {
    const res = await post(port, ca, path, body);
    expect(res.status).toBe(400);
    expect(res.body).toContain(message);
  });

  it('listens on every interface without a host: IPv4 and, where the machine has it, IPv6', async () => {
    const { host: _pinned, ...options } = certs.serverOptions();
    const open = new WebhookServer({ ...options, port: 0, logger: noopLogger });
    const stopOpen = new AbortController();
    const serving = open.start(stopOpen.signal);
    const openPort = (await open.address()).port;
    const handshake = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect({ host, port: openPort, ca, servername: 'localhost' }, () => {
          resolve(socket.remoteAddress ?? '');
          socket.end();
        });
        socket.once('error', reject);
      });
    try {
      expect(await handshake('127.0.0.1')).toMatch(/127\.0\.0\.1$/);
      const ipv6 = Object.values(networkInterfaces()).some((list) => list?.some((i) => i.address === '::1'));
      if (ipv6) expect(await handshake('::1')).toBe('::1');
    } finally {
      stopOpen.abort();
      await serving;
    }
  });

  it('answers 400 to a content type other than JSON, 404 to an unknown path, 405 to GET', async () => {
    expect((await post(port, ca, '/validate', review, 'text/plain')).status).toBe(400);
    expect((await post(port, ca, '/mutate-nothing', review)).status).toBe(404);
    const get = await new Promise<number>((resolve, reject) => {
      import('node:https').then(({ get }) =>
        get({ host: '127.0.0.1', port, path: '/validate', ca, servername: 'localhost' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).on('error', reject),
      );
    });
    expect(get).toBe(405);
  });

  it('refuses a body over the limit with 413, and keeps serving', async () => {
    const big = JSON.stringify({ ...JSON.parse(review), padding: 'x'.repeat(4096) });
    const res = await post(port, ca, '/validate', big);
    expect(res.status).toBe(413);
    expect(res.body).toContain('over the limit of 2048 bytes');
    expect((await post(port, ca, '/validate', review)).status).toBe(200);
  });

  it("shortens a handler's deadline to the API server's timeout query, less a margin", async () => {
    const res = await post(port, ca, '/hang?timeout=0.2s', review);
    expect(JSON.parse(res.body).response).toMatchObject({
      uid: 'u-1',
      allowed: false,
      status: {
        code: 504,
        message: 'unable to validate Widget ns/w: the webhook handler did not answer within 180 ms',
      },
    });
  });

  it('refuses plain HTTP', async () => {
    const outcome = await postPlain(port, '/validate', review).then(
      (res) => `status ${res.status}`,
      (err: Error) => `error ${err.message}`,
    );
    expect(outcome).toMatch(/^error (socket hang up|read ECONNRESET)/);
  });

  it('serves a new certificate written to the folder, and keeps the last good one when a pair does not load', async () => {
    const before = await presentedCertificate(port, ca);
    const rotated = await certs.rotateCertificate();
    await eventually(async () => {
      expect((await presentedCertificate(port, ca)).fingerprint256).not.toBe(before.fingerprint256);
    }, 10_000);
    const current = await presentedCertificate(port, ca);
    expect(current.pem.replace(/\s/g, '')).toBe(rotated.certPem.replace(/\s/g, ''));

    await writeFile(join(certs.certDir, 'tls.key'), 'not a key');
    await new Promise((resolve) => setTimeout(resolve, 400)); // several poll intervals
    expect((await presentedCertificate(port, ca)).fingerprint256).toBe(current.fingerprint256);
    expect((await post(port, ca, '/validate', review)).status).toBe(200);
  });
});

describe('WebhookServer limits', () => {
  const certs = new WebhookInstall();
  let server: WebhookServer;
  const stop = new AbortController();
  let running: Promise<void>;
  let port: number;

  beforeAll(async () => {
    await certs.setup();
    server = new WebhookServer({
      ...certs.serverOptions(),
      port: 0,
      headersTimeoutMs: 500,
      maxConnections: 3,
      logger: noopLogger,
    });
    server.register('/validate', validatingHandler({ validateCreate: () => [] }), 'validate');
    running = server.start(stop.signal);
    port = (await server.address()).port;
  });

  afterAll(async () => {
    stop.abort();
    await running;
    await certs.cleanup();
  });

  it('cuts a client that sends its headers byte by byte, and keeps serving others', async () => {
    const loris = slowLoris(tlsDial(port));
    expect((await post(port, certs.caPem, '/validate', review)).status).toBe(200);
    expect((await loris).closedByServer).toBe(true);
    expect((await post(port, certs.caPem, '/validate', review)).status).toBe(200);
  }, 30_000);

  it('answers a newcomer beyond the cap, closing the oldest idle connection for it', async () => {
    // Retried: a keep-alive connection of an earlier request may be the oldest.
    await eventually(async () => {
      expect(await beyondCap(tlsDial(port), 3)).toEqual({ answered: true, oldestClosed: true });
    }, 10_000);
  }, 30_000);
});
