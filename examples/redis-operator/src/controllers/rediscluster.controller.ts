/**
 * The RedisCluster controller: the primer's `RedisClusterReconciler`. For each RedisCluster
 * it keeps a Service and a Deployment (owned, so the garbage collector removes them with
 * it), a registry record in another namespace (removed by a finalizer), and the status.
 * It reconciles again when an owned object, a ConfigMap labelled `redis-cluster=<name>`,
 * the password Secret or a node pod changes, and on every resync tick.
 * @module
 */
import type { V1ConfigMap, V1Pod, V1Secret } from '@kubernetes/client-node';
import {
  CLIENT,
  type Client,
  Controller,
  controllerutil,
  type EventRecorder,
  GenerationChanged,
  Inject,
  ignoreNotFound,
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
import { ConfigMap, Deployment, Pod, Secret, Service } from '@operant/core/kinds';
import { RedisCluster } from '../api/v1/index.js';
import { blockedStatus, desiredStatus } from './cluster-status.js';
import { REDIS_OPERATOR_OPTIONS, type RedisOperatorOptions } from './options.js';
import {
  CLUSTER_LABEL,
  configHash,
  mutateDeployment,
  mutateRegistryRecord,
  mutateService,
  registryRecordName,
  secretHash,
  selectorOf,
  type TemplateHashes,
} from './redis-objects.js';
import { ResyncTicker } from './resync-ticker.js';

export const FINALIZER = 'cache.example.com/registry-record';
/** The cache index of RedisClusters by `spec.passwordSecret` (controller-runtime's `IndexField`). */
export const PASSWORD_SECRET_INDEX = 'spec.passwordSecret';

const managed = predicate.labelSelector({ matchLabels: { 'app.kubernetes.io/managed-by': 'redis-operator' } });
const labelled = predicate.labelSelector({ matchExpressions: [{ key: CLUSTER_LABEL, operator: 'Exists' }] });

@Controller({ for: RedisCluster, owns: [Deployment, Service] })
// the registry records live in another namespace: written, not owned
@Rbac({ groups: [''], resources: ['configmaps'], verbs: ['create', 'update', 'delete'] })
// the Events its recorder writes (events.k8s.io/v1), in the namespaces of the RedisClusters
@Rbac({ groups: ['events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] })
export class RedisClusterReconciler {
  private readonly recorder: EventRecorder;

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
    const name = configMap.metadata?.labels?.[CLUSTER_LABEL];
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

  /** `@GenerationChanged()` here filters RedisCluster events only: status writes do not come back. */
  @Reconcile()
  @GenerationChanged()
  async reconcile(request: Request, { log }: ReconcileContext): Promise<void> {
    const found = await this.client.get(RedisCluster, request).catch(ignoreNotFound);
    if (found === undefined) return; // gone: the garbage collector removes what it owned
    let cluster = Object.assign(deepCopy(found), { apiVersion: 'cache.example.com/v1', kind: 'RedisCluster' });
    if (cluster.metadata?.deletionTimestamp) return this.finalize(cluster, log);
    if (controllerutil.addFinalizer(cluster, FINALIZER)) cluster = await this.client.update(cluster);

    const hashes = await this.templateHashes(cluster);
    if (hashes === undefined) {
      const message = `Secret ${request.namespace}/${cluster.spec.passwordSecret} not found`;
      await this.writeStatus(cluster, blockedStatus(cluster, 'PasswordSecretNotFound', message));
      return; // the Secret watch brings it back when the Secret appears
    }
    const key = { namespace: request.namespace, name: request.name };
    const service = await controllerutil.createOrUpdate(
      this.client,
      Service,
      { apiVersion: 'v1', kind: 'Service', metadata: key },
      (s) => {
        mutateService(cluster, s);
        controllerutil.setControllerReference(cluster, s);
      },
    );
    let previousSize: number | undefined;
    const deployment = await controllerutil.createOrUpdate(
      this.client,
      Deployment,
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: key },
      (d) => {
        previousSize = d.spec?.replicas;
        mutateDeployment(cluster, d, hashes);
        controllerutil.setControllerReference(cluster, d);
      },
    );
    const record = await controllerutil.createOrUpdate(
      this.client,
      ConfigMap,
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { namespace: this.options.registryNamespace, name: registryRecordName(cluster) },
      },
      (r) => mutateRegistryRecord(cluster, r),
    );
    this.recordEvents(cluster, deployment.result, previousSize);

    const { items: pods } = await this.client.list(Pod, {
      namespace: request.namespace,
      labelSelector: { matchLabels: selectorOf(cluster) },
    });
    const statusWritten = await this.writeStatus(
      cluster,
      desiredStatus(cluster, { deployment: deployment.object, pods }),
    );
    log.info('reconciled', {
      service: service.result,
      deployment: deployment.result,
      registryRecord: record.result,
      status: statusWritten ? 'updated' : 'unchanged',
    });
  }

  /** Hashes of the labelled ConfigMaps and the password Secret; undefined when the Secret is missing. */
  private async templateHashes(cluster: RedisCluster): Promise<TemplateHashes | undefined> {
    const namespace = cluster.metadata?.namespace ?? '';
    const { items: configMaps } = await this.client.list(ConfigMap, {
      namespace,
      labelSelector: { matchLabels: { [CLUSTER_LABEL]: cluster.metadata?.name ?? '' } },
    });
    const secretName = cluster.spec.passwordSecret;
    if (!secretName) return { config: configHash(configMaps), password: undefined };
    const secret = await this.client.get(Secret, { namespace, name: secretName }).catch(ignoreNotFound);
    return secret === undefined ? undefined : { config: configHash(configMaps), password: secretHash(secret) };
  }

  private recordEvents(cluster: RedisCluster, result: controllerutil.OperationResult, previous?: number): void {
    const size = cluster.spec.size;
    if (result === 'created') {
      this.recorder.event(cluster, 'Normal', 'Created', `created Deployment and Service for ${size} nodes`);
    } else if (result === 'updated' && previous !== undefined && previous !== size) {
      this.recorder.event(cluster, 'Normal', 'Scaled', `scaled from ${previous} to ${size} nodes`);
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
    await this.client
      .delete({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { namespace: this.options.registryNamespace, name: registryRecordName(cluster) },
      })
      .catch(ignoreNotFound);
    controllerutil.removeFinalizer(cluster, FINALIZER);
    // a cache that lags may hand out a cluster whose finalizer is already gone with it: done
    const updated = await this.client.update(cluster).catch(ignoreNotFound);
    if (updated !== undefined) log.info('finalized: registry record removed');
  }
}
