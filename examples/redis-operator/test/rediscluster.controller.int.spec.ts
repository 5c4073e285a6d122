/**
 * The Redis operator end to end on a control plane of its own (etcd, kube-apiserver and
 * kube-controller-manager, whose garbage collector and Deployment/ReplicaSet controllers
 * take part), running as a user that holds only the generated config/rbac/role.yaml.
 * There is no kubelet: node pods are created but never run, so clusters stay Pending.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { V1ConfigMap, V1Secret } from '@kubernetes/client-node';
import { ignoreNotFound, type KubernetesObject, type Operator } from '@operant/core';
import { ApiClient, type ClientError, mergePatch } from '@operant/core/client';
import { ConfigMap, Deployment, Service } from '@operant/core/kinds';
import { resourceType } from '@operant/core/resources';
import { eventually } from '@operant/testing';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import {
  CONFIG_HASH,
  FINALIZER,
  PASSWORD_HASH,
  type RedisCluster,
  RedisCluster as RedisClusterType,
  ResyncTicker,
} from '../src/index.js';
import { counter, type LogEntry, startOperator, writes } from './fixtures/operator.js';

const EventV1 = resourceType<KubernetesObject & { reason?: string; note?: string; regarding?: { name?: string } }>({
  group: 'events.k8s.io',
  version: 'v1',
  kind: 'Event',
  plural: 'events',
  namespaced: true,
});

const controlPlane = {
  controllerManager: true,
  crdDirectoryPaths: [fileURLToPath(new URL('../config/crd/bases', import.meta.url))],
};
const skip = ownControlPlaneSkipReason(controlPlane);
const RESYNC_MS = 1500;

describeOrSkip(`redis-operator on a real control plane`, skip, () => {
  const env = useControlPlane(controlPlane);
  const ns = 'redis-e2e';
  const registryNamespace = 'redis-registry';
  let api: ApiClient;
  let app: Operator;
  let running: Promise<void>;
  let logs: LogEntry[];

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: env.kubeConfig() });
    for (const name of [ns, registryNamespace])
      await api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    const started = await startOperator(env, { resyncPeriodMs: RESYNC_MS, registryNamespace });
    ({ app, running } = started);
    logs = started.logger.entries;
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await running;
  }, 60_000);

  const cluster = (name: string, spec: Record<string, unknown>): RedisCluster =>
    ({
      apiVersion: 'cache.example.com/v1',
      kind: 'RedisCluster',
      metadata: { namespace: ns, name },
      spec,
    }) as unknown as RedisCluster;
  const key = (name: string) => ({ namespace: ns, name });
  const getCluster = (name: string) => api.get(RedisClusterType, key(name));
  const getDeployment = (name: string) => api.get(Deployment, key(name));
  const registryRecord = (name: string) =>
    api.get(ConfigMap, { namespace: registryNamespace, name: `${ns}.${name}` }).catch(ignoreNotFound);
  const annotation = async (name: string, key: string) =>
    (await getDeployment(name)).spec?.template.metadata?.annotations?.[key];

  it('creates an owned Deployment and Service, a registry record, and sets the status', async () => {
    await api.create(cluster('cache', { size: 3, image: 'redis:7.4' }));
    const deployment = await eventually(() => getDeployment('cache'));
    expect(deployment.spec?.replicas).toBe(3);
    expect(deployment.spec?.template.spec?.containers[0]).toMatchObject({
      image: 'redis:7.4',
      args: ['--port', '6379'],
    });
    const service = await eventually(() => api.get(Service, key('cache')));
    expect(service.spec?.ports?.[0]).toMatchObject({ port: 6379, targetPort: 6379 });
    const owner = { apiVersion: 'cache.example.com/v1', kind: 'RedisCluster', name: 'cache', controller: true };
    expect(deployment.metadata?.ownerReferences).toEqual([expect.objectContaining(owner)]);
    expect(service.metadata?.ownerReferences).toEqual([expect.objectContaining(owner)]);
    expect((await registryRecord('cache'))?.data).toMatchObject({ address: `cache.${ns}.svc:6379` });

    const status = await eventually(async () => {
      const { status, metadata } = await getCluster('cache');
      expect(metadata?.finalizers).toEqual([FINALIZER]);
      expect(status?.nodes).toHaveLength(3); // pods the ReplicaSet controller created
      return status;
    });
    expect(status).toMatchObject({ phase: 'Pending', readyNodes: 0, observedGeneration: 1 });
    expect(status?.conditions).toEqual([
      expect.objectContaining({
        type: 'Ready',
        status: 'False',
        reason: 'NodesNotReady',
        message: '0/3 nodes ready',
        observedGeneration: 1,
      }),
    ]);
  });

  it('scales 3 → 5: the Deployment follows and a Scaled event is recorded', async () => {
    await api.patch(await getCluster('cache'), mergePatch({ spec: { size: 5 } }));
    await eventually(async () => expect((await getDeployment('cache')).spec?.replicas).toBe(5));
    await eventually(async () => {
      const { items } = await api.list(EventV1, { namespace: ns });
      const scaled = items.filter((e) => e.reason === 'Scaled' && e.regarding?.name === 'cache');
      expect(scaled.map((e) => e.note)).toEqual(['scaled from 3 to 5 nodes']);
    });
    await eventually(async () => {
      const { status } = await getCluster('cache');
      expect(status).toMatchObject({ observedGeneration: 2, nodes: expect.arrayContaining([expect.any(String)]) });
      expect(status?.nodes).toHaveLength(5);
      expect(status?.conditions?.[0]).toMatchObject({ message: '0/5 nodes ready', observedGeneration: 2 });
    });
  });

  it('recreates a Deployment deleted by hand', async () => {
    const before = await getDeployment('cache');
    await api.delete(before);
    const after = await eventually(async () => {
      const d = await getDeployment('cache');
      expect(d.metadata?.uid).not.toBe(before.metadata?.uid);
      return d;
    });
    expect(after.spec?.replicas).toBe(5);
  });

  it('reconciles when a ConfigMap labelled redis-cluster=<name> changes', async () => {
    const initial = await annotation('cache', CONFIG_HASH);
    expect(initial).toMatch(/^[0-9a-f]{16}$/);
    const cm = await api.create<V1ConfigMap>({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { namespace: ns, name: 'cache-config', labels: { 'redis-cluster': 'cache' } },
      data: { 'maxmemory-policy': 'allkeys-lru' },
    });
    const created = await eventually(async () => {
      const hash = await annotation('cache', CONFIG_HASH);
      expect(hash).not.toBe(initial);
      return hash;
    });
    await api.patch(cm, mergePatch({ data: { 'maxmemory-policy': 'noeviction' } }));
    await eventually(async () => expect(await annotation('cache', CONFIG_HASH)).not.toBe(created));
  });

  it('waits for its password Secret, then follows its rotation (found through the cache index)', async () => {
    await api.create(cluster('secured', { size: 1, image: 'redis:7.4', passwordSecret: 'redis-auth' }));
    await eventually(async () =>
      expect((await getCluster('secured')).status?.conditions?.[0]).toMatchObject({
        reason: 'PasswordSecretNotFound',
        message: `Secret ${ns}/redis-auth not found`,
      }),
    );
    expect(await getDeployment('secured').catch(ignoreNotFound)).toBeUndefined();
    // what the operator wrote of the other cluster's Deployment (its status, kube-controller-manager's, may still move)
    const written = async () => {
      const { metadata } = await getDeployment('cache');
      return [metadata?.generation, metadata?.managedFields?.filter((f) => f.manager === 'rediscluster')];
    };
    const bystander = await written();
    expect(bystander[1]).toHaveLength(1); // the operator's apply entry

    const secret = await api.create<V1Secret>({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { namespace: ns, name: 'redis-auth' },
      stringData: { password: 'first' },
    });
    const first = await eventually(async () => {
      const hash = await annotation('secured', PASSWORD_HASH);
      expect(hash).toMatch(/^[0-9a-f]{16}$/);
      return hash;
    });
    const container = (await getDeployment('secured')).spec?.template.spec?.containers[0];
    expect(container?.env).toEqual([
      expect.objectContaining({
        name: 'REDIS_PASSWORD',
        valueFrom: { secretKeyRef: { name: 'redis-auth', key: 'password' } },
      }),
    ]);

    await api.patch(secret, mergePatch({ stringData: { password: 'rotated' } }));
    await eventually(async () => expect(await annotation('secured', PASSWORD_HASH)).not.toBe(first));
    // the Secret mapped to "secured" only: the other cluster's Deployment was not rewritten
    expect(await written()).toEqual(bystander);
  });

  it('writes nothing when a resync finds nothing to change', async () => {
    const ticker = app.get<ResyncTicker>(ResyncTicker);
    const versions = async () =>
      Promise.all([
        getCluster('cache'),
        getCluster('secured'),
        api.get(Service, key('cache')),
        registryRecord('cache'),
        getDeployment('secured'),
      ]).then((objects) => objects.map((o) => o?.metadata?.resourceVersion));
    // a quiet window (pods and Deployment status settle first): two resync ticks, reconciles, no write
    await eventually(
      async () => {
        const [ticks, reconciles, written, before] = [
          ticker.ticks,
          await counter(app, 'controller_runtime_reconcile_total', { controller: 'rediscluster' }),
          await writes(app),
          await versions(),
        ];
        await new Promise<void>((resolve) => {
          const onTick = () => {
            if (ticker.ticks >= ticks + 2) {
              ticker.off('tick', onTick);
              resolve();
            }
          };
          ticker.on('tick', onTick);
        });
        await new Promise((resolve) => setTimeout(resolve, 300)); // let the last tick's reconciles finish
        expect(
          await counter(app, 'controller_runtime_reconcile_total', { controller: 'rediscluster' }),
        ).toBeGreaterThanOrEqual(reconciles + 4);
        expect(await writes(app)).toBe(written);
        expect(await versions()).toEqual(before);
      },
      40_000,
      0,
    );
  }, 60_000);

  it('rejects invalid RedisClusters in the API server, naming the field', async () => {
    const sizeZero = await api
      .create(cluster('bad-size', { size: 0, image: 'redis:7.4' }))
      .catch((e: ClientError) => e);
    expect((sizeZero as ClientError).kind).toBe('invalid');
    expect((sizeZero as Error).message).toMatch(
      /spec\.size: Invalid value: 0: spec\.size in body should be greater than or equal to 1/,
    );
    const noImage = await api.create(cluster('no-image', { size: 3 })).catch((e: ClientError) => e);
    expect((noImage as ClientError).kind).toBe('invalid');
    expect((noImage as Error).message).toMatch(/spec\.image: Required value/);
  });

  it('on delete: the finalizer removes the registry record, the garbage collector the children', async () => {
    const deployment = await getDeployment('cache');
    await api.delete(await getCluster('cache'));
    await eventually(async () => expect(await getCluster('cache').catch(ignoreNotFound)).toBeUndefined(), 30_000);
    expect(await registryRecord('cache')).toBeUndefined();
    expect(logs.some((e) => e.message === 'finalized: registry record removed' && e.fields.name === 'cache')).toBe(
      true,
    );
    await eventually(async () => {
      expect(await api.get(Deployment, key('cache')).catch(ignoreNotFound)).toBeUndefined();
      expect(await api.get(Service, key('cache')).catch(ignoreNotFound)).toBeUndefined();
    }, 30_000);
    expect(deployment.metadata?.uid).toBeDefined();
    expect(await registryRecord('secured')).toBeDefined(); // the other cluster keeps its record
  }, 60_000);

  it('on delete of a cluster the operator created before dependents: its finalizer and registry record go', async () => {
    // what that operator left: its finalizer on the cluster, the record it wrote (which this
    // operator's cache may not hold yet when the cluster, deleted at once, is finalized)
    const legacy = cluster('legacy', { size: 1, image: 'redis:7.4' });
    legacy.metadata = { ...legacy.metadata, finalizers: ['cache.example.com/registry-record'] };
    const record = { namespace: registryNamespace, name: `${ns}.legacy` };
    await api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: record, data: { address: 'legacy' } });
    await api.delete(await api.create(legacy));
    await eventually(async () => expect(await getCluster('legacy').catch(ignoreNotFound)).toBeUndefined(), 30_000);
    expect(await registryRecord('legacy')).toBeUndefined();
  }, 60_000);

  it('never was forbidden: the generated role covers every request', async () => {
    // the counter sees this user's requests: its creates among them (records and events by POST; the
    // Services and Deployments by server-side apply, a PATCH answered 201 when it creates)
    expect(await counter(app, 'rest_client_requests_total', { method: 'POST', code: '201' })).toBeGreaterThanOrEqual(4);
    expect(await counter(app, 'rest_client_requests_total', { method: 'PATCH', code: '201' })).toBeGreaterThanOrEqual(
      5,
    );
    expect(await counter(app, 'rest_client_requests_total', { code: '403' })).toBe(0);
    const problems = logs.filter((e) => e.level === 'error' || e.level === 'warn');
    const forbidden = problems.filter((e) => /forbidden|\b403\b/i.test(`${e.message} ${JSON.stringify(e.fields)}`));
    expect(forbidden).toEqual([]);
  });
});
