import { describe, expect, it } from '@jest/globals';
import type { V1ConfigMap, V1Deployment, V1Secret, V1Service } from '@kubernetes/client-node';
import { controllerutil } from '@operant/core';
import { deepCopy, type Wire } from '@operant/core/api';
import type { RedisCluster } from '../api/v1/index.js';
import {
  CONFIG_HASH,
  configHash,
  hashOf,
  mutateDeployment,
  mutateRegistryRecord,
  mutateService,
  PASSWORD_HASH,
  secretHash,
} from './redis-objects.js';

const cluster = (spec: Partial<RedisCluster['spec']> = {}): RedisCluster =>
  ({
    metadata: { namespace: 'ns', name: 'cache' },
    spec: { size: 3, image: 'redis:7.4', ...spec },
  }) as RedisCluster;
const hashes = { config: 'c0ffee', password: undefined };

/** A Deployment as the API server returns it: ours plus defaults we never set. */
function served(): Wire<V1Deployment> {
  const d: Wire<V1Deployment> = { metadata: { namespace: 'ns', name: 'cache' } };
  mutateDeployment(cluster(), d, hashes);
  const container = d.spec?.template.spec?.containers[0];
  Object.assign(container ?? {}, { imagePullPolicy: 'IfNotPresent', terminationMessagePath: '/dev/termination-log' });
  Object.assign(d.spec ?? {}, { revisionHistoryLimit: 10, progressDeadlineSeconds: 600 });
  return d;
}

describe('mutate functions', () => {
  it('leave a served Deployment of an unchanged cluster equal (createOrUpdate writes nothing)', () => {
    const before = served();
    const after = deepCopy(before);
    mutateDeployment(cluster(), after, hashes);
    expect(controllerutil.jsonEqual(before, after)).toBe(true);
  });

  it('change replicas on scale, and the pod template on config or password changes', () => {
    const d = served();
    mutateDeployment(cluster({ size: 5, passwordSecret: 'auth' }), d, { config: 'beef', password: 'abc' });
    expect(d.spec?.replicas).toBe(5);
    expect(d.spec?.template.metadata?.annotations).toEqual({ [CONFIG_HASH]: 'beef', [PASSWORD_HASH]: 'abc' });
    expect(d.spec?.template.spec?.containers[0]).toMatchObject({
      args: ['--port', '6379', '--requirepass', '$(REDIS_PASSWORD)'],
      imagePullPolicy: 'IfNotPresent', // the server's default survives
    });
    mutateDeployment(cluster({ size: 5 }), d, { config: 'beef', password: undefined });
    expect(d.spec?.template.metadata?.annotations).toEqual({ [CONFIG_HASH]: 'beef' });
    expect(d.spec?.template.spec?.containers[0]?.env).toBeUndefined();
  });

  it('keep the Service clusterIP the server assigned and follow the port', () => {
    const s: Wire<V1Service> = { metadata: { name: 'cache' }, spec: { clusterIP: '10.0.0.7' } };
    mutateService(cluster({ port: 7000 }), s);
    expect(s.spec).toMatchObject({ clusterIP: '10.0.0.7', ports: [{ name: 'redis', port: 7000, targetPort: 7000 }] });
  });

  it('write the registry record with the cluster address', () => {
    const record: Wire<V1ConfigMap> = {};
    mutateRegistryRecord(cluster(), record);
    expect(record.data).toEqual({ namespace: 'ns', name: 'cache', address: 'cache.ns.svc:6379' });
  });

  it('hash ConfigMaps by content, whatever their order', () => {
    const a: Wire<V1ConfigMap> = { metadata: { name: 'a' }, data: { x: '1' } };
    const b: Wire<V1ConfigMap> = { metadata: { name: 'b' }, data: { y: '2' } };
    expect(configHash([a, b])).toBe(configHash([b, a]));
    expect(configHash([a, b])).not.toBe(configHash([a, { ...b, data: { y: '3' } }]));
  });

  it('fingerprint a password so that a guess cannot be checked offline', () => {
    const secret = (uid: string, password: string, labels?: Record<string, string>): Wire<V1Secret> => ({
      metadata: { name: 'auth', uid, labels },
      data: { password: Buffer.from(password).toString('base64') },
    });
    const fingerprint = secretHash(secret('uid-1', 'hunter2'));
    // what a reader of Deployments could compute for a guessed password
    expect(fingerprint).not.toBe(hashOf([{ name: 'auth', data: secret('', 'hunter2').data }]));
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(secretHash(secret('uid-1', 'hunter2', { team: 'a' }))).toBe(fingerprint);
    expect(secretHash(secret('uid-1', 'hunter3'))).not.toBe(fingerprint);
    expect(secretHash(secret('uid-2', 'hunter2'))).not.toBe(fingerprint);
  });
});
