/**
 * Security checks on a running operator: a password Secret's data (plain or base64) never
 * appears in what the operator logs (every level, debug included), in the Events it
 * records, in its metrics or health output, or in the objects it writes; and the metrics
 * and health-probe servers listen on the configured address only. The password's fingerprint
 * on the pod template cannot be recomputed from a guessed password.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { V1Secret } from '@kubernetes/client-node';
import { type KubernetesObject, type Operator } from '@operant/core';
import { ApiClient } from '@operant/core/client';
import { ConfigMap, Deployment } from '@operant/core/kinds';
import { resourceType } from '@operant/core/resources';
import { eventually } from '@operant/testing';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import { hashOf } from '../src/controllers/redis-objects.js';
import { PASSWORD_HASH, RedisCluster } from '../src/index.js';
import { crdDirectory } from './faults/fixtures/scenario.js';
import { type LogEntry, startOperator } from './fixtures/operator.js';

const controlPlane = { crdDirectoryPaths: [crdDirectory] };
const skip = ownControlPlaneSkipReason(controlPlane);
const EventV1 = resourceType<KubernetesObject>({
  group: 'events.k8s.io',
  version: 'v1',
  kind: 'Event',
  plural: 'events',
  namespaced: true,
});
const ns = 'secure';
const registryNamespace = 'secure-registry';
const passwords = ['s3cr3t-Pa55word-one', 'An0ther-s3cret-two'];
const forms = passwords.flatMap((p) => [p, Buffer.from(p).toString('base64')]);

/** Whether a TCP connection to host:port succeeds. */
const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
    socket.setTimeout(2000, () => resolve(false));
  });

describeOrSkip(`security checks`, skip, () => {
  const env = useControlPlane(controlPlane);
  let api: ApiClient;
  let app: Operator;
  let running: Promise<void>;
  let logs: LogEntry[];

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: env.kubeConfig() });
    for (const name of [ns, registryNamespace])
      await api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    const started = await startOperator(
      env,
      { resyncPeriodMs: 1000, registryNamespace },
      { metricsBindAddress: '127.0.0.1:0', healthProbeBindAddress: '127.0.0.1:0' },
    );
    ({ app, running } = started);
    logs = started.logger.entries;
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await running;
  }, 60_000);

  it('never shows Secret data in logs, events, metrics, health output or written objects', async () => {
    const secret = await api.create<V1Secret>({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { namespace: ns, name: 'redis-auth' },
      stringData: { password: passwords[0] as string },
    });
    await api.create({
      apiVersion: 'cache.example.com/v1',
      kind: 'RedisCluster',
      metadata: { namespace: ns, name: 'secured' },
      spec: { size: 2, image: 'redis:7.4', passwordSecret: 'redis-auth' },
    } as unknown as RedisCluster);
    const hash = async () =>
      (await api.get(Deployment, { namespace: ns, name: 'secured' })).spec?.template.metadata?.annotations?.[
        PASSWORD_HASH
      ];
    await eventually(async () => expect(await hash()).toBeDefined(), 30_000);
    const first = await hash();
    // the fingerprint on the pod template is keyed: a guess of the password cannot be checked against it
    const guessed = hashOf([{ name: 'redis-auth', data: secret.data }]);
    expect({ fingerprint: first, guessable: first === guessed }).toEqual({ fingerprint: first, guessable: false });
    await api.update<V1Secret>({ ...secret, stringData: { password: passwords[1] as string } });
    await eventually(async () => expect(await hash()).not.toBe(first), 30_000); // the rotation was reconciled

    const metricsPort = (await app.manager.metricsServer?.address())?.port;
    const healthPort = (await app.manager.healthProbeServer?.address())?.port;
    const scrape = async (port: number | undefined, path: string) =>
      (await fetch(`http://127.0.0.1:${port}${path}`)).text();
    const { items: events } = await api.list(EventV1, { namespace: ns });
    const captured = {
      logs: JSON.stringify(logs),
      events: JSON.stringify(events),
      metrics: await scrape(metricsPort, '/metrics'),
      health: (await scrape(healthPort, '/healthz?verbose')) + (await scrape(healthPort, '/readyz?verbose')),
      objects: JSON.stringify([
        await api.get(Deployment, { namespace: ns, name: 'secured' }),
        await api.get(RedisCluster, { namespace: ns, name: 'secured' }),
        await api.get(ConfigMap, { namespace: registryNamespace, name: `${ns}.secured` }),
      ]),
    };
    expect(logs.length).toBeGreaterThan(0);
    expect(events.length).toBeGreaterThan(0);
    for (const [where, text] of Object.entries(captured)) {
      for (const form of forms) expect({ where, leaked: text.includes(form) }).toEqual({ where, leaked: false });
    }
  });

  it('serves metrics and health probes on the configured address only', async () => {
    for (const server of [app.manager.metricsServer, app.manager.healthProbeServer]) {
      const address = await server?.address();
      expect(address?.address).toBe('127.0.0.1');
      expect(await reachable('127.0.0.1', address?.port as number)).toBe(true);
      // the rest of 127.0.0.0/8 is loopback too: only a wildcard bind would answer there
      expect(await reachable('127.0.0.2', address?.port as number)).toBe(false);
    }
  });
});
