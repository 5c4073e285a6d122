/**
 * The RedisCluster controller: the primer's `RedisClusterReconciler`, with its children as
 * dependents. The Service and then the Deployment are applied from the cluster's spec
 * (`@Dependent`: owned, written only when they differ, garbage-collected with it); the
 * registry record, in another namespace where no owner reference reaches, is an external
 * dependent (deleted before the cluster goes, under the finalizer `FINALIZER`, the one the
 * operator held before it used dependents, so clusters it created are still finalized).
 * The reconcile after them records events from what the applies did and writes the status.
 * It reconciles again when a child, a ConfigMap labelled `redis-cluster=<name>`, the password
 * Secret or a node pod changes, and on every resync tick. docs/dependents.md has the
 * hand-written form.
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
  MANAGER,
  type Manager,
  predicate,
  Rbac,
  Reconcile,
  type ReconcileContext,
  type Request,
  Watches,
} from '@operant/core';
import type { Wire } from '@operant/core/api';
import { Cache } from '@operant/core/cache';
import { mergePatch } from '@operant/core/client';
import { Channel, ExternalDependent } from '@operant/core/decorators';
import type { DependentsOutcome, ExternalResource } from '@operant/core/dependent';
import { ConfigMap, Deployment, Pod, Secret, Service } from '@operant/core/kinds';
import { RedisCluster } from '../api/v1/index.js';
import { desiredStatus, PasswordSecretNotFound } from './cluster-status.js';
import { REDIS_OPERATOR_OPTIONS, type RedisOperatorOptions } from './options.js';
import * as objects from './redis-objects.js';
import { ResyncTicker } from './resync-ticker.js';

/** The cache index of RedisClusters by `spec.passwordSecret` (controller-runtime's `IndexField`). */
export const PASSWORD_SECRET_INDEX = 'spec.passwordSecret';

/** The finalizer a RedisCluster holds until its registry record (an external dependent) is deleted. */
export const FINALIZER = 'cache.example.com/registry-record';

const managed = predicate.labelSelector({ matchLabels: { 'app.kubernetes.io/managed-by': 'redis-operator' } });
const labelled = predicate.labelSelector({ matchExpressions: [{ key: objects.CLUSTER_LABEL, operator: 'Exists' }] });
const requestFor = (obj: { metadata?: { namespace?: string } }, name: string | undefined): Request[] =>
  name ? [{ namespace: obj.metadata?.namespace ?? '', name }] : [];

// dependentStatus false: the status (Ready, phase, nodes) is written once, by the reconcile
@Controller({ for: RedisCluster, dependentStatus: false, finalizerName: FINALIZER })
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
    return requestFor(configMap, configMap.metadata?.labels?.[objects.CLUSTER_LABEL]);
  }

  /** Every RedisCluster whose `spec.passwordSecret` names this Secret (through the cache index). */
  @Watches(Secret)
  async clustersUsingSecret(secret: Wire<V1Secret>): Promise<Request[]> {
    const { namespace = '', name = '' } = secret.metadata ?? {};
    const { items } = await this.client.list(RedisCluster, {
      namespace,
      matchingFields: { [PASSWORD_SECRET_INDEX]: name },
    });
    return items.flatMap((c) => requestFor(secret, c.metadata?.name));
  }

  /** Node pods (created by the Deployment's ReplicaSet) feed `status.nodes`. */
  @Watches(Pod, { predicates: [managed] })
  clusterOfPod(pod: Wire<V1Pod>): Request[] {
    return requestFor(pod, pod.metadata?.labels?.['app.kubernetes.io/instance']);
  }

  /** Before the Deployment: a pod gets the `REDIS_*` variables only of Services that exist when it starts. */
  // force: a field someone changed with a plain update (kubectl edit, scale) is restored, as by an update
  @Dependent(Service, { force: true })
  service(cluster: RedisCluster) {
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
    const labelSelector = { matchLabels: { [objects.CLUSTER_LABEL]: name } };
    const { items: configMaps } = await this.client.list(ConfigMap, { namespace, labelSelector });
    const secretName = cluster.spec.passwordSecret;
    const secret = secretName && (await this.client.get(Secret, { namespace, name: secretName }).catch(ignoreNotFound));
    if (secretName && !secret) throw new PasswordSecretNotFound(namespace, secretName);
    const password = secret ? objects.secretHash(secret) : undefined;
    return objects.deploymentOf(cluster, { config: objects.configHash(configMaps), password });
  }

  /** The registry record, once the Service is there. */
  @ExternalDependent({ dependsOn: ['service'] })
  registry(): ExternalResource<RedisCluster, Wire<V1ConfigMap>> {
    const key = (cluster: RedisCluster) => objects.registryKeyOf(cluster, this.options.registryNamespace);
    return {
      // the cache, or the API server while the cluster is being deleted
      read: (cluster, { reader }) => reader.get(ConfigMap, key(cluster)).catch(ignoreNotFound),
      apply: async (cluster) => {
        const record = { apiVersion: 'v1', kind: 'ConfigMap', metadata: key(cluster) };
        const mutate = (r: Wire<V1ConfigMap>) => objects.mutateRegistryRecord(cluster, r);
        return (await controllerutil.createOrUpdate(this.client, ConfigMap, record, mutate)).object;
      },
      delete: async (_, record, { log }) => {
        await this.client.delete(record).catch(ignoreNotFound);
        log.info('finalized: registry record removed');
      },
    };
  }

  /** After the dependents: events and status. `@GenerationChanged()` filters RedisCluster events only. */
  @Reconcile()
  @GenerationChanged()
  async reconcile(request: Request, { log }: ReconcileContext, outcome?: DependentsOutcome<RedisCluster>) {
    if (outcome === undefined) return; // gone, or deleted: the registry record goes with the finalizer
    const cluster = outcome.primary;
    const operation = (name: string) => outcome.results[name]?.applied[0]?.operation;
    const [deployment] = outcome.results.deployment?.applied ?? [];
    const size = cluster.spec.size;
    const was = (deployment?.previous as Wire<V1Deployment> | undefined)?.spec?.replicas;
    if (deployment?.operation === 'created') {
      this.recorder.event(cluster, 'Normal', 'Created', `created Deployment and Service for ${size} nodes`);
    } else if (deployment?.operation === 'updated' && was !== undefined && was !== size) {
      this.recorder.event(cluster, 'Normal', 'Scaled', `scaled from ${was} to ${size} nodes`);
    }
    const selector = { matchLabels: objects.selectorOf(cluster) };
    const { items: pods } = await this.client.list(Pod, { namespace: request.namespace, labelSelector: selector });
    const status = desiredStatus(outcome, pods);
    // by content (cached objects carry prototypes); a cluster the cache still holds but the server deleted is no error
    const written =
      !controllerutil.jsonEqual(cluster.status ?? {}, status) &&
      (await this.client.status().patch(cluster, mergePatch({ status })).catch(ignoreNotFound)) !== undefined;
    if (deployment === undefined) return;
    log.info('reconciled', {
      service: operation('service'),
      deployment: deployment.operation,
      registryRecord: operation('registry'),
      status: written ? 'updated' : 'unchanged',
    });
  }
}
