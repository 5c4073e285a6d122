/**
 * The Redis operator under `@operant/testing/torture`: the app module registered on each
 * manager as main.ts registers it, on a control plane of its own whose
 * kube-controller-manager garbage-collects the children of a deleted RedisCluster, through
 * two clusters created, one scaled and the other deleted, cleanly and then under each
 * perturbation at a few points chosen by the seed.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from '@jest/globals';
import type { KubernetesObject } from '@operant/core';
import { ApiClient } from '@operant/core/client';
import { ConfigMap, Deployment, Service } from '@operant/core/kinds';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import { type ScenarioStep, type TortureOptions, torture } from '@operant/testing/torture';
import { configuredAppModule, RedisCluster, redisOperatorCache } from '../src/index.js';

type Invariant = NonNullable<TortureOptions['invariants']>[number];
type EndState = Parameters<Invariant['check']>[0];

const controlPlane = {
  controllerManager: true,
  crdDirectoryPaths: [fileURLToPath(new URL('../config/crd/bases', import.meta.url))],
};
const skip = ownControlPlaneSkipReason(controlPlane);
const registryNamespace = 'redis-torture-registry';

const cluster = (name: string, size: number): ScenarioStep => ({
  action: 'apply',
  object: {
    apiVersion: 'cache.example.com/v1',
    kind: 'RedisCluster',
    metadata: { name },
    spec: { size, image: 'redis:7.4' },
  },
});
const ref = (name: string) => ({ apiVersion: 'cache.example.com/v1', kind: 'RedisCluster', name });

const names = (objects: readonly KubernetesObject[] | undefined) =>
  (objects ?? []).map((o) => o.metadata?.name ?? '').sort();

/** Each RedisCluster has exactly one Deployment and one Service of its name, and nothing else has any. */
const oneDeploymentAndServicePerCluster: Invariant = {
  name: 'one Deployment and one Service per RedisCluster',
  check: (state: EndState) => {
    const clusters = names(state.RedisCluster).join(',');
    const deployments = names(state.Deployment).join(',');
    const services = names(state.Service).join(',');
    return deployments === clusters && services === clusters
      ? undefined
      : `clusters [${clusters}], Deployments [${deployments}], Services [${services}]`;
  },
};

/** Every Deployment runs its cluster's size. */
const deploymentsSized: Invariant = {
  name: "each Deployment has its RedisCluster's size",
  check: (state: EndState) => {
    const sizes = new Map((state.RedisCluster ?? []).map((c) => [c.metadata?.name, (c as RedisCluster).spec.size]));
    const wrong = (state.Deployment ?? []).filter(
      (d) => (d as { spec?: { replicas?: number } }).spec?.replicas !== sizes.get(d.metadata?.name),
    );
    return wrong.length === 0 ? undefined : `wrong replicas on ${names(wrong).join(', ')}`;
  },
};

/** The app module as main.ts registers it, through the scenario, with the invariants above. */
const tortureOptions = (kubeConfig: TortureOptions['kubeConfig']): TortureOptions => ({
  kubeConfig,
  // as main.ts: the app module on the manager, its cache options; no resync during a run
  setup: configuredAppModule({ registryNamespace, resyncPeriodMs: 3_600_000 }),
  // torture caches the run's namespace only; the registry records live in another one
  manager: {
    cache: {
      ...redisOperatorCache,
      byObject: [...(redisOperatorCache.byObject ?? []), { type: ConfigMap, namespaces: [] }],
    },
  },
  scenario: [
    cluster('cache', 1),
    cluster('sessions', 2),
    { action: 'patch', object: ref('cache'), patch: { spec: { size: 3 } } },
    { action: 'delete', object: ref('sessions') },
  ],
  kinds: [RedisCluster, Deployment, Service],
  // chosen by the API server and kube-controller-manager, different in every run: addresses, pod names
  ignoreFields: ['spec.clusterIP', 'spec.clusterIPs', 'status.nodes'],
  invariants: [oneDeploymentAndServicePerCluster, deploymentsSized],
  seed: 7,
  maxRunsPerPerturbation: 4,
  stepBudgetMs: 20_000,
});

describeOrSkip('redis-operator under torture', skip, () => {
  const env = useControlPlane(controlPlane);
  const options = () => tortureOptions(env.kubeConfig());

  beforeAll(async () => {
    const api = new ApiClient({ kubeConfig: env.kubeConfig() });
    await api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: registryNamespace } });
  }, 60_000);

  it('keeps one Deployment and one Service per RedisCluster under crashes, failed writes, stale reads and missed states', async () => {
    const report = await torture(options());
    expect(report.divergence?.message).toBeUndefined();
    const kinds = report.runs.slice(1).map((r) => r.name.split(':')[0]);
    expect([...new Set(kinds)]).toEqual(['crash', 'writeFailure', 'staleRead', 'missedState']);
    expect(report.runs.length).toBeLessThanOrEqual(17);
    expect(names(report.reference.RedisCluster)).toEqual(['cache']);
    expect(names(report.reference.Deployment)).toEqual(['cache']);
    // a reference whose reconciles failed (a registry record it could not read) would have no status
    expect(report.reference.RedisCluster?.[0]).toMatchObject({
      spec: { size: 3 },
      status: { phase: 'Pending', conditions: [{ type: 'Ready', status: 'False', reason: 'NodesNotReady' }] },
    });
  }, 240_000);

  // Found by torture with every point run (maxRunsPerPerturbation 1000): after the scale to 3,
  // a read of the cluster from a cache that still showed generation 1 (size 1) made the
  // operator apply its Deployment with 1 replica, and the next reconcile with 3 again: two
  // extra Deployment generations, and in a real cluster two nodes stopped and restarted. The
  // dependents no longer apply from a cluster older than the one they last applied from
  // (docs/dependents.md, "Stale reads"), so the replayed run ends as the reference does.
  it('keeps the Deployment at its size when a stale read shows the cluster before its scale', async () => {
    const report = await torture({ ...options(), replay: 'staleRead:7:RedisCluster/cache@2#2' });
    const [, replayed] = report.runs;
    expect(replayed?.injection?.what).toContain('generation 1)'); // the stale read did happen
    expect(replayed?.diverged).toBe(false);
    expect(report.divergence?.message).toBeUndefined();
  }, 120_000);
});
