import { describe, expect, it } from '@jest/globals';
import type { V1ConfigMap, V1Secret } from '@kubernetes/client-node';
import type { Wire } from '@operant/core/api';
import type { RedisCluster } from '../api/v1/index.js';
import {
  CONFIG_HASH,
  configHash,
  deploymentOf,
  hashOf,
  mutateRegistryRecord,
  PASSWORD_HASH,
  secretHash,
  serviceOf,
} from './redis-objects.js';

const cluster = (spec: Partial<RedisCluster['spec']> = {}): RedisCluster =>
  ({
    metadata: { namespace: 'ns', name: 'cache' },
    spec: { size: 3, image: 'redis:7.4', ...spec },
  }) as RedisCluster;

describe('desired children', () => {
  it('name only the fields the operator has an opinion on (no server defaults)', () => {
    const d = deploymentOf(cluster(), { config: 'c0ffee', password: undefined });
    expect(d).toMatchObject({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { namespace: 'ns', name: 'cache' },
    });
    expect(d.spec?.replicas).toBe(3);
    expect(d.spec?.template?.metadata?.annotations).toEqual({ [CONFIG_HASH]: 'c0ffee' });
    expect(d.spec?.template?.spec?.containers?.[0]).toEqual({
      name: 'redis',
      image: 'redis:7.4',
      args: ['--port', '6379'],
      ports: [{ name: 'redis', containerPort: 6379, protocol: 'TCP' }],
    });
  });

  it('follow size, the config and the password', () => {
    const d = deploymentOf(cluster({ size: 5, passwordSecret: 'auth' }), { config: 'beef', password: 'abc' });
    expect(d.spec?.replicas).toBe(5);
    expect(d.spec?.template?.metadata?.annotations).toEqual({ [CONFIG_HASH]: 'beef', [PASSWORD_HASH]: 'abc' });
    expect(d.spec?.template?.spec?.containers?.[0]).toMatchObject({
      args: ['--port', '6379', '--requirepass', '$(REDIS_PASSWORD)'],
      env: [{ name: 'REDIS_PASSWORD', valueFrom: { secretKeyRef: { name: 'auth', key: 'password' } } }],
    });
  });

  it('give the Service the port and the pods of the cluster, not a clusterIP (the server assigns it)', () => {
    const s = serviceOf(cluster({ port: 7000 }));
    expect(s.spec).toEqual({
      selector: { 'app.kubernetes.io/instance': 'cache' },
      ports: [{ name: 'redis', port: 7000, targetPort: 7000, protocol: 'TCP' }],
    });
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
