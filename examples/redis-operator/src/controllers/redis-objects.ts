/**
 * What a RedisCluster should own, as `createOrUpdate` mutate functions: each sets only the
 * fields the operator cares about on the object it is given (the live one, with the API
 * server's defaults), so a second pass over an unchanged cluster changes nothing and
 * `createOrUpdate` writes nothing.
 * @module
 */
import { createHash, createHmac } from 'node:crypto';
import type { V1ConfigMap, V1Container, V1Deployment, V1Secret, V1Service } from '@kubernetes/client-node';
import type { Wire } from '@operant/core/api';
import type { RedisCluster } from '../api/v1/index.js';

export const DEFAULT_PORT = 6379;
/** Pod-template annotations whose change rolls the nodes: the config and the password. */
export const CONFIG_HASH = 'cache.example.com/config-hash';
export const PASSWORD_HASH = 'cache.example.com/password-hash';
/** ConfigMaps with this label (value: the RedisCluster's name) hold its redis.conf snippets. */
export const CLUSTER_LABEL = 'redis-cluster';

export const portOf = (cluster: RedisCluster): number => cluster.spec.port ?? DEFAULT_PORT;

/** The labels of every object of a cluster; the instance label also selects its pods. */
export function labelsOf(cluster: RedisCluster): Record<string, string> {
  return {
    'app.kubernetes.io/name': 'redis',
    'app.kubernetes.io/instance': cluster.metadata?.name ?? '',
    'app.kubernetes.io/managed-by': 'redis-operator',
  };
}

export const selectorOf = (cluster: RedisCluster): Record<string, string> => ({
  'app.kubernetes.io/instance': cluster.metadata?.name ?? '',
});

/**
 * A short stable hash of some string maps (ConfigMap or Secret data), in name order; with a
 * `key`, an HMAC, which nobody without the key can recompute from guessed data.
 */
export function hashOf(
  parts: readonly { name: string; data: Record<string, string> | undefined }[],
  key?: string,
): string {
  const hash = key === undefined ? createHash('sha256') : createHmac('sha256', key);
  for (const part of [...parts].sort((a, b) => a.name.localeCompare(b.name))) {
    hash.update(part.name);
    for (const key of Object.keys(part.data ?? {}).sort()) hash.update(`\0${key}=${part.data?.[key]}`);
    hash.update('\n');
  }
  return hash.digest('hex').slice(0, 16);
}

export const configHash = (configMaps: readonly Wire<V1ConfigMap>[]): string =>
  hashOf(configMaps.map((cm) => ({ name: cm.metadata?.name ?? '', data: cm.data })));

/**
 * The password's fingerprint on the pod template, which anyone who reads Deployments sees:
 * an HMAC keyed with the Secret's uid, known only to those who can read the Secret itself
 * (and so the password). A plain hash of a password can be guessed offline, one candidate at
 * a time; this one cannot. It changes when the data changes or the Secret is recreated, and
 * not when only its labels or annotations do (as its resourceVersion would).
 */
export const secretHash = (secret: Wire<V1Secret>): string =>
  hashOf([{ name: secret.metadata?.name ?? '', data: secret.data }], secret.metadata?.uid ?? '');

function mergeInto(target: Record<string, string> | undefined, values: Record<string, string>) {
  return { ...target, ...values };
}

export function mutateService(cluster: RedisCluster, service: Wire<V1Service>): void {
  service.metadata = { ...service.metadata, labels: mergeInto(service.metadata?.labels, labelsOf(cluster)) };
  const port = portOf(cluster);
  service.spec = {
    ...service.spec,
    selector: selectorOf(cluster),
    ports: [{ name: 'redis', port, targetPort: port as never, protocol: 'TCP' }],
  };
}

function mutateContainer(cluster: RedisCluster, container: Wire<V1Container>): void {
  const port = portOf(cluster);
  const secret = cluster.spec.passwordSecret;
  container.image = cluster.spec.image;
  container.args = ['--port', String(port), ...(secret ? ['--requirepass', '$(REDIS_PASSWORD)'] : [])];
  container.ports = [{ name: 'redis', containerPort: port, protocol: 'TCP' }];
  if (secret) {
    container.env = [{ name: 'REDIS_PASSWORD', valueFrom: { secretKeyRef: { name: secret, key: 'password' } } }];
  } else {
    delete container.env;
  }
}

export interface TemplateHashes {
  config: string;
  /** Undefined without a password Secret. */
  password: string | undefined;
}

export function mutateDeployment(cluster: RedisCluster, deployment: Wire<V1Deployment>, hashes: TemplateHashes): void {
  deployment.metadata = { ...deployment.metadata, labels: mergeInto(deployment.metadata?.labels, labelsOf(cluster)) };
  deployment.spec ??= { selector: { matchLabels: selectorOf(cluster) }, template: {} };
  const spec = deployment.spec;
  spec.replicas = cluster.spec.size;
  spec.template.metadata ??= {};
  const meta = spec.template.metadata;
  meta.labels = mergeInto(meta.labels, labelsOf(cluster));
  const annotations: Record<string, string> = { ...meta.annotations, [CONFIG_HASH]: hashes.config };
  if (hashes.password === undefined) delete annotations[PASSWORD_HASH];
  else annotations[PASSWORD_HASH] = hashes.password;
  meta.annotations = annotations;
  spec.template.spec ??= { containers: [] };
  const podSpec = spec.template.spec;
  let container = podSpec.containers.find((c) => c.name === 'redis');
  if (container === undefined) {
    container = { name: 'redis' };
    podSpec.containers.push(container);
  }
  mutateContainer(cluster, container);
}

/** The registry record of a cluster: where to reach it, for clients in other namespaces. */
export function mutateRegistryRecord(cluster: RedisCluster, record: Wire<V1ConfigMap>): void {
  const { namespace = '', name = '' } = cluster.metadata ?? {};
  record.metadata = {
    ...record.metadata,
    labels: mergeInto(record.metadata?.labels, { 'app.kubernetes.io/managed-by': 'redis-operator' }),
  };
  record.data = {
    ...record.data,
    namespace,
    name,
    address: `${name}.${namespace}.svc:${portOf(cluster)}`,
  };
}

export const registryRecordName = (cluster: RedisCluster): string =>
  `${cluster.metadata?.namespace}.${cluster.metadata?.name}`;
