/**
 * What a RedisCluster should own, as apply configurations (the fields the operator has an
 * opinion on, nothing the API server defaults): its Service and its Deployment, whose pod
 * template carries hashes of the labelled ConfigMaps and of the password Secret so that a
 * change of either rolls the nodes; and its registry record, in another namespace (an
 * external dependent, kept by `createOrUpdate`).
 * @module
 */
import { createHash, createHmac } from 'node:crypto';
import type { V1ConfigMap, V1Secret } from '@kubernetes/client-node';
import type { Wire } from '@operant/core/api';
import { applyConfiguration } from '@operant/core/client';
import { Deployment, Service } from '@operant/core/kinds';
import type { RedisCluster } from '../api/v1/index.js';

/** Pod-template annotations whose change rolls the nodes: the config and the password. */
export const CONFIG_HASH = 'cache.example.com/config-hash';
export const PASSWORD_HASH = 'cache.example.com/password-hash';
/** ConfigMaps with this label (value: the RedisCluster's name) hold its redis.conf snippets. */
export const CLUSTER_LABEL = 'redis-cluster';

const portOf = (cluster: RedisCluster): number => cluster.spec.port ?? 6379;
const keyOf = (cluster: RedisCluster) => ({
  namespace: cluster.metadata?.namespace ?? '',
  name: cluster.metadata?.name ?? '',
});

/** The labels of every object of a cluster; the instance label also selects its pods. */
export const labelsOf = (cluster: RedisCluster): Record<string, string> => ({
  'app.kubernetes.io/name': 'redis',
  'app.kubernetes.io/instance': cluster.metadata?.name ?? '',
  'app.kubernetes.io/managed-by': 'redis-operator',
});

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

export function serviceOf(cluster: RedisCluster) {
  const port = portOf(cluster);
  return applyConfiguration(Service, {
    metadata: { ...keyOf(cluster), labels: labelsOf(cluster) },
    spec: { selector: selectorOf(cluster), ports: [{ name: 'redis', port, targetPort: port, protocol: 'TCP' }] },
  });
}

export interface TemplateHashes {
  config: string;
  /** Undefined without a password Secret. */
  password: string | undefined;
}

export function deploymentOf(cluster: RedisCluster, hashes: TemplateHashes) {
  const port = portOf(cluster);
  const secret = cluster.spec.passwordSecret;
  const password = secret
    ? { name: 'REDIS_PASSWORD', valueFrom: { secretKeyRef: { name: secret, key: 'password' } } }
    : undefined;
  return applyConfiguration(Deployment, {
    metadata: { ...keyOf(cluster), labels: labelsOf(cluster) },
    spec: {
      replicas: cluster.spec.size,
      selector: { matchLabels: selectorOf(cluster) },
      template: {
        metadata: {
          labels: labelsOf(cluster),
          annotations: {
            [CONFIG_HASH]: hashes.config,
            ...(hashes.password ? { [PASSWORD_HASH]: hashes.password } : {}),
          },
        },
        spec: {
          containers: [
            {
              name: 'redis',
              image: cluster.spec.image,
              args: ['--port', String(port), ...(secret ? ['--requirepass', '$(REDIS_PASSWORD)'] : [])],
              ports: [{ name: 'redis', containerPort: port, protocol: 'TCP' }],
              ...(password ? { env: [password] } : {}),
            },
          ],
        },
      },
    },
  });
}

/** The registry record of a cluster: where to reach it, for clients in other namespaces. */
export function mutateRegistryRecord(cluster: RedisCluster, record: Wire<V1ConfigMap>): void {
  const { namespace, name } = keyOf(cluster);
  const labels = { ...record.metadata?.labels, 'app.kubernetes.io/managed-by': 'redis-operator' };
  record.metadata = { ...record.metadata, labels };
  record.data = { ...record.data, namespace, name, address: `${name}.${namespace}.svc:${portOf(cluster)}` };
}

/** Where the registry record of a cluster lives: `<namespace>.<name>` in the registry's namespace. */
export const registryKeyOf = (cluster: RedisCluster, namespace: string) => ({
  namespace,
  name: `${cluster.metadata?.namespace}.${cluster.metadata?.name}`,
});
