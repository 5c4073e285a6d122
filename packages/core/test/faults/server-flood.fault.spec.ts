/**
 * Connection floods against the manager's real servers (no API server needed): the webhook
 * server (HTTPS, a validating webhook registered), the secure metrics server (HTTPS behind
 * `withAuthenticationAndAuthorization`) and the health-probe server (plain HTTP). A flooder
 * in a process of its own (fixtures/flooder.mjs) sends, one kind after another, against all
 * three at once:
 *
 * 1. 2,000 TCP connections per server that never send a byte (no ClientHello), from
 *    127.0.0.2-127.0.0.9 (other pods);
 * 2. 2,000 TLS connections per HTTPS server that complete the handshake and send nothing,
 *    from the same addresses;
 * 3. a reconnecting flood of 600 silent connections per server, each replaced as soon as it
 *    closes, from 127.0.0.1, the address the prober (kubelet, kube-apiserver) comes from;
 * 4. the same from 127.0.0.2-127.0.0.9.
 *
 * Meanwhile a prober sends, every 500 ms and each on a new connection, what the real clients
 * send: an AdmissionReview POST to the webhook (answered 200, allowed), a metrics GET without
 * a token (answered 401 by the auth filter), `/healthz` and `/readyz` (200; `/readyz` includes
 * the webhook's own readiness check, a TLS handshake with it). At least 95 % of the probes
 * sent during a flood must be answered as expected within 3 s, and every probe after it.
 * The figures are printed as `[faults] server flood …` lines and appended to the fault figures
 * file.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebhookInstall } from '@operant/testing';
import { noopLogger } from '../../src/api/logger.js';
import type { Manager } from '../../src/manager/interfaces.js';
import { newManager } from '../../src/manager/manager.js';
import { withAuthenticationAndAuthorization } from '../../src/manager/metrics-filters.js';
import { validatingHandler } from '../../src/webhook/validating.js';
import { eventually } from '../fixtures/helpers.js';
import { widgetReview as review } from '../fixtures/tls.js';
import { unreachableKubeConfig } from '../fixtures/unreachable-kubeconfig.js';

const FLOOD_MS = 10_000;
const AFTER_MS = 2_000;
const PERIOD_MS = 500;
const ANSWER_MS = 3_000;
const others = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`);
const flooderScript = fileURLToPath(new URL('../fixtures/flooder.mjs', import.meta.url));

type Target = 'webhook' | 'metrics' | 'healthz' | 'readyz';

interface Answer {
  status: number;
  body: string;
}

interface ProbeResult {
  target: Target;
  ok: boolean;
  ms: number;
  detail: string;
}

/** One request on a new connection; rejects when no answer came within ANSWER_MS. */
function send(secure: boolean, options: Record<string, unknown>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = secure ? httpsRequest : httpRequest;
    const req = request({ host: '127.0.0.1', agent: false, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${ANSWER_MS} ms`)), ANSWER_MS);
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
    req.end(body);
  });
}

describe('fault: connection floods against the manager servers', () => {
  const certs = new WebhookInstall();
  const stop = new AbortController();
  let manager: Manager;
  let running: Promise<void>;
  let flooder: ChildProcess;
  const ports = { webhook: 0, metrics: 0, health: 0 };

  const probes: Record<Target, () => Promise<boolean>> = {
    webhook: async () => {
      const answer = await send(
        true,
        {
          port: ports.webhook,
          path: '/validate',
          method: 'POST',
          ca: certs.caPem,
          servername: 'localhost',
          headers: { 'content-type': 'application/json' },
        },
        review,
      );
      return answer.status === 200 && JSON.parse(answer.body).response?.allowed === true;
    },
    metrics: async () =>
      (await send(true, { port: ports.metrics, path: '/metrics', rejectUnauthorized: false })).status === 401,
    healthz: async () => (await send(false, { port: ports.health, path: '/healthz' })).status === 200,
    readyz: async () => (await send(false, { port: ports.health, path: '/readyz' })).status === 200,
  };

  /** Probes every target every PERIOD_MS for `ms`; resolves with every probe's outcome. */
  async function probeFor(ms: number): Promise<ProbeResult[]> {
    const pending: Promise<ProbeResult>[] = [];
    const round = () => {
      for (const [target, probe] of Object.entries(probes) as [Target, () => Promise<boolean>][]) {
        const begun = performance.now();
        pending.push(
          probe().then(
            (ok) => ({ target, ok, ms: performance.now() - begun, detail: ok ? 'ok' : 'unexpected answer' }),
            (err: Error) => ({ target, ok: false, ms: performance.now() - begun, detail: err.message }),
          ),
        );
      }
    };
    const timer = setInterval(round, PERIOD_MS);
    round();
    await new Promise((resolve) => setTimeout(resolve, ms));
    clearInterval(timer);
    return Promise.all(pending);
  }

  function ask<T>(message: object, reply: string): Promise<T> {
    return new Promise((resolve) => {
      const listener = (answer: Record<string, T>) => {
        if (!(reply in answer)) return;
        flooder.off('message', listener);
        resolve(answer[reply] as T);
      };
      flooder.on('message', listener);
      flooder.send(message);
    });
  }

  const report = (scenario: string, figures: Record<string, unknown>) => {
    process.stderr.write(`[faults] ${scenario}: ${JSON.stringify(figures)}\n`);
    const file = process.env.FAULTS_FIGURES ?? join(tmpdir(), 'operant-faults-figures.jsonl');
    appendFileSync(file, `${JSON.stringify({ scenario, at: new Date().toISOString(), ...figures })}\n`);
  };

  function summary(results: readonly ProbeResult[], target: Target) {
    const mine = results.filter((r) => r.target === target);
    const answered = mine.filter((r) => r.ok);
    const ms = answered.map((r) => r.ms).sort((a, b) => a - b);
    const failures = [...new Set(mine.filter((r) => !r.ok).map((r) => r.detail))].slice(0, 3);
    return {
      answered: answered.length,
      sent: mine.length,
      p50Ms: Math.round(ms[Math.floor(ms.length / 2)] ?? Number.NaN),
      maxMs: Math.round(ms.at(-1) ?? Number.NaN),
      failures,
    };
  }

  beforeAll(async () => {
    await certs.setup();
    manager = newManager({
      kubeConfig: unreachableKubeConfig(),
      logger: noopLogger,
      metrics: { collectDefaultMetrics: false },
      metricsBindAddress: '127.0.0.1:0',
      metricsServer: { secureServing: true, filterProvider: withAuthenticationAndAuthorization },
      healthProbeBindAddress: '127.0.0.1:0',
      webhookServer: { ...certs.serverOptions(), host: '127.0.0.1', port: 0 },
    });
    const webhook = manager.getWebhookServer();
    webhook.register('/validate', validatingHandler({ validateCreate: () => [] }), 'validate');
    running = manager.start(stop.signal);
    ports.webhook = (await webhook.address()).port;
    ports.metrics = (await manager.metricsServer!.address()).port;
    ports.health = (await manager.healthProbeServer!.address()).port;
    await eventually(async () => {
      expect(await probes.readyz()).toBe(true);
    }, 20_000);
    flooder = fork(flooderScript, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  }, 60_000);

  afterAll(async () => {
    flooder?.kill();
    stop.abort();
    await running;
    await certs.cleanup();
  });

  const floods = [
    {
      name: '2,000 silent TCP connections per server from other addresses',
      kind: 'silent',
      perTarget: 2_000,
      sources: others,
    },
    {
      name: '2,000 idle TLS connections per HTTPS server from other addresses',
      kind: 'idleTls',
      perTarget: 2_000,
      sources: others,
    },
    {
      name: 'a reconnecting flood of 600 per server from the prober address',
      kind: 'reconnect',
      perTarget: 600,
      sources: ['127.0.0.1'],
    },
    {
      name: 'a reconnecting flood of 600 per server from other addresses',
      kind: 'reconnect',
      perTarget: 600,
      sources: others,
    },
  ];

  it.each(floods)(
    'keeps answering every server during $name, and after it',
    async ({ name, kind, perTarget, sources }) => {
      const targets =
        kind === 'idleTls' ? [ports.webhook, ports.metrics] : [ports.webhook, ports.metrics, ports.health];
      const started = ask<Record<string, number>>({ start: { kind, targets, perTarget, sources } }, 'started');
      const during = await probeFor(FLOOD_MS);
      const flood = await started;
      const stopped = await ask<Record<string, number>>({ stop: true }, 'stopped');
      const after = await probeFor(AFTER_MS);
      const figures = Object.fromEntries(
        (Object.keys(probes) as Target[]).map((target) => [
          target,
          { during: summary(during, target), after: summary(after, target) },
        ]),
      );
      report(`server flood: ${name}`, { ...figures, flood, flooder: stopped });
      for (const target of Object.keys(probes) as Target[]) {
        const { answered, sent } = summary(during, target);
        expect({ target, during: answered >= 0.95 * sent }).toEqual({ target, during: true });
        expect({ target, after: summary(after, target).answered }).toEqual({
          target,
          after: summary(after, target).sent,
        });
      }
    },
    60_000,
  );
});
