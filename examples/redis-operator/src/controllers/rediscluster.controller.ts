/**
 * The RedisCluster controller: the primer's `RedisClusterReconciler`, with its children as
 * dependents. For each RedisCluster the Service and then the Deployment are applied from
 * its spec (`@Dependent`: owned, applied only when they differ, garbage-collected with it);
 * the reconcile after them keeps a registry record in another namespace (removed by a
 * finalizer), records events and writes the status from their outcome. It reconciles again
 * when a child, a ConfigMap labelled `redis-cluster=<name>`, the password Secret or a node
 * pod changes, and on every resync tick. docs/dependents.md has the hand-written form.
 * @module
 */
import type { V1ConfigMap, V1Deployment, V1Pod, V1Secret } from '@kubernetes/client-node';
import {
  CLIENT,
  type Client,
  Controller,
  controllerutil,
  Dependent,
  type EventRecorder,
  GenerationChanged,
  Inject,
  ignoreNotFound,
  type KubernetesObject,
  MANAGER,
  type Manager,
  predicate,
  Rbac,
  Reconcile,
  type ReconcileContext,
  type Request,
  Watches,
} from '@operant/core';
import { deepCopy, type Wire } from '@operant/core/api';
import { Cache } from '@operant/core/cache';
import { mergePatch } from '@operant/core/client';
import { Channel } from '@operant/core/decorators';
import type { DependentsOutcome } from '@operant/core/dependent';
import { ConfigMap, Deployment, Pod, Secret, Service } from '@operant/core/kinds';
import type { ResourceType } from '@operant/core/resources';
import { RedisCluster } from '../api/v1/index.js';
import { desiredStatus, PasswordSecretNotFound } from './cluster-status.js';
import { REDIS_OPERATOR_OPTIONS, type RedisOperatorOptions } from './options.js';
import * as objects from './redis-objects.js';
import { ResyncTicker } from './resync-ticker.js';

export const FINALIZER = 'cache.example.com/registry-record';
/** The cache index of RedisClusters by `spec.passwordSecret` (controller-runtime's `IndexField`). */
export const PASSWORD_SECRET_INDEX = 'spec.passwordSecret';

const managed = predicate.labelSelector({ matchLabels: { 'app.kubernetes.io/managed-by': 'redis-operator' } });
const labelled = predicate.labelSelector({ matchExpressions: [{ key: objects.CLUSTER_LABEL, operator: 'Exists' }] });
/** A child as the cache held it before a reconcile's applies: enough for the events and the log. */
type Seen = { resourceVersion?: string; replicas?: number } | undefined;

// dependentStatus false: the status (Ready, phase, nodes) is written once, by the reconcile
@Controller({ for: RedisCluster, dependentStatus: false })
// the registry records live in another namespace: written, not owned
@Rbac({ groups: [''], resources: ['configmaps'], verbs: ['create', 'update', 'delete'] })
// the Events its recorder writes (events.k8s.io/v1), in the namespaces of the RedisClusters
@Rbac({ groups: ['events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] })
export class RedisClusterReconciler {
  private readonly recorder: EventRecorder;
  /** The children as the cache held them before this reconcile's applies (by the primary the dependents got). */
  private readonly seen = new WeakMap<RedisCluster, Record<string, Seen>>();

  constructor(
    @Inject(MANAGER) manager: Manager,
    cache: Cache,
    private readonly ticker: ResyncTicker,
    @Inject(CLIENT) private readonly client: Client,
    @Inject(REDIS_OPERATOR_OPTIONS) private readonly options: RedisOperatorOptions,
  ) {
    cache.indexField(RedisCluster, PASSWORD_SECRET_INDEX, (c) =>
      c.spec?.passwordSecret ? [c.spec.passwordSecret] : [],
    );
    manager.add(ticker);
    this.recorder = manager.getEventRecorderFor('redis-operator');
  }

  /** The periodic resync (a channel source). */
  @Channel()
  resyncs(): ResyncTicker {
    return this.ticker;
  }

  /** A ConfigMap labelled `redis-cluster=<name>` configures that cluster. */
  @Watches(ConfigMap, { predicates: [labelled] })
  clusterOfConfigMap(configMap: Wire<V1ConfigMap>): Request[] {
    const name = configMap.metadata?.labels?.[objects.CLUSTER_LABEL];
    return name ? [{ namespace: configMap.metadata?.namespace ?? '', name }] : [];
  }

  /** Every RedisCluster whose `spec.passwordSecret` names this Secret (through the cache index). */
  @Watches(Secret)
  async clustersUsingSecret(secret: Wire<V1Secret>): Promise<Request[]> {
    const namespace = secret.metadata?.namespace ?? '';
    const { items } = await this.client.list(RedisCluster, {
      namespace,
      matchingFields: { [PASSWORD_SECRET_INDEX]: secret.metadata?.name ?? '' },
    });
    return items.map((c) => ({ namespace, name: c.metadata?.name ?? '' }));
  }

  /** Node pods (created by the Deployment's ReplicaSet) feed `status.nodes`. */
  @Watches(Pod, { predicates: [managed] })
  clusterOfPod(pod: Wire<V1Pod>): Request[] {
    const name = pod.metadata?.labels?.['app.kubernetes.io/instance'];
    return name ? [{ namespace: pod.metadata?.namespace ?? '', name }] : [];
  }

  /** Before the Deployment: a pod gets the `REDIS_*` variables only of Services that exist when it starts. */
  // force: a field someone changed with a plain update (kubectl edit, scale) is restored, as by an update
  @Dependent(Service, { force: true })
  async service(cluster: RedisCluster) {
    await this.remember(cluster, 'service', Service);
    return objects.serviceOf(cluster);
  }

  /** The nodes, rolled when the labelled ConfigMaps or the password Secret change; ready when every node is. */
  @Dependent(Deployment, {
    force: true,
    dependsOn: ['service'],
    readyWhen: (d, cluster: RedisCluster) => (d.status?.readyReplicas ?? 0) >= cluster.spec.size,
  })
  async deployment(cluster: RedisCluster) {
    const { namespace = '', name = '' } = cluster.metadata ?? {};
    const { items: configMaps } = await this.client.list(ConfigMap, {
      namespace,
      labelSelector: { matchLabels: { [objects.CLUSTER_LABEL]: name } },
    });
    const secretName = cluster.spec.passwordSecret;
    const secret = secretName
      ? await this.client.get(Secret, { namespace, name: secretName }).catch(ignoreNotFound)
      : undefined;
    if (secretName && secret === undefined) throw new PasswordSecretNotFound(namespace, secretName);
    await this.remember(cluster, 'deployment', Deployment);
    const password = secret === undefined ? undefined : objects.secretHash(secret);
    return objects.deploymentOf(cluster, { config: objects.configHash(configMaps), password });
  }

  /** After the dependents: finalizer, registry record, events, status. `@GenerationChanged()` filters RedisCluster events only. */
  @Reconcile()
  @GenerationChanged()
  async reconcile(
    request: Request,
    { log }: ReconcileContext,
    outcome?: DependentsOutcome<RedisCluster>,
  ): Promise<void> {
    if (outcome === undefined) {
      const found = await this.client.get(RedisCluster, request).catch(ignoreNotFound);
      return found?.metadata?.deletionTimestamp ? this.finalize(this.typed(found), log) : undefined;
    }
    let cluster = this.typed(outcome.primary);
    if (controllerutil.addFinalizer(cluster, FINALIZER)) cluster = await this.client.update(cluster);
    const before = this.seen.get(outcome.primary) ?? {};
    this.seen.delete(outcome.primary);
    const { deployment, service } = outcome.results;
    let record: controllerutil.OperationResult | undefined;
    if (deployment?.children.length) {
      const key = { namespace: this.options.registryNamespace, name: objects.registryRecordName(cluster) };
      const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: key };
      ({ result: record } = await controllerutil.createOrUpdate(this.client, ConfigMap, configMap, (r) =>
        objects.mutateRegistryRecord(cluster, r),
      ));
      this.recordEvents(cluster, before.deployment);
    }
    const { items: pods } = await this.client.list(Pod, {
      namespace: request.namespace,
      labelSelector: { matchLabels: objects.selectorOf(cluster) },
    });
    const status = await this.writeStatus(cluster, desiredStatus(outcome, pods));
    if (record === undefined) return;
    const what = (was: Seen, now: KubernetesObject | undefined) =>
      was === undefined ? 'created' : was.resourceVersion === now?.metadata?.resourceVersion ? 'unchanged' : 'updated';
    log.info('reconciled', {
      service: what(before.service, service?.children[0]),
      deployment: what(before.deployment, deployment?.children[0]),
      registryRecord: record,
      status: status ? 'updated' : 'unchanged',
    });
  }

  private async remember(cluster: RedisCluster, name: string, type: ResourceType) {
    const key = { namespace: cluster.metadata?.namespace, name: cluster.metadata?.name ?? '' };
    const child = (await this.client.get(type, key).catch(ignoreNotFound)) as Wire<V1Deployment> | undefined;
    const seen = child && { resourceVersion: child.metadata?.resourceVersion, replicas: child.spec?.replicas };
    this.seen.set(cluster, { ...this.seen.get(cluster), [name]: seen });
  }

  private typed(found: RedisCluster): RedisCluster {
    return Object.assign(deepCopy(found), { apiVersion: 'cache.example.com/v1', kind: 'RedisCluster' });
  }

  private recordEvents(cluster: RedisCluster, previous: Seen): void {
    const size = cluster.spec.size;
    const was = previous?.replicas;
    if (previous === undefined) {
      this.recorder.event(cluster, 'Normal', 'Created', `created Deployment and Service for ${size} nodes`);
    } else if (was !== undefined && was !== size) {
      this.recorder.event(cluster, 'Normal', 'Scaled', `scaled from ${was} to ${size} nodes`);
    }
  }

  /** Patches the status subresource when `status` differs (by content: cached objects carry prototypes); true when it wrote. */
  private async writeStatus(cluster: RedisCluster, status: RedisCluster['status']): Promise<boolean> {
    if (controllerutil.jsonEqual(cluster.status ?? {}, status)) return false;
    // the cache may still hold a cluster the API server has deleted: gone is nothing to report
    const written = await this.client.status().patch(cluster, mergePatch({ status })).catch(ignoreNotFound);
    return written !== undefined;
  }

  /** Removes the registry record (no owner reference can reach it), then the finalizer. */
  private async finalize(cluster: RedisCluster, log: ReconcileContext['log']): Promise<void> {
    if (!controllerutil.containsFinalizer(cluster, FINALIZER)) return;
    const key = { namespace: this.options.registryNamespace, name: objects.registryRecordName(cluster) };
    await this.client.delete({ apiVersion: 'v1', kind: 'ConfigMap', metadata: key }).catch(ignoreNotFound);
    controllerutil.removeFinalizer(cluster, FINALIZER);
    // a cache that lags may hand out a cluster whose finalizer is already gone with it: done
    const updated = await this.client.update(cluster).catch(ignoreNotFound);
    if (updated !== undefined) log.info('finalized: registry record removed');
  }
}
