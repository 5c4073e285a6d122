// The names init and create api accept (kubebuilder's rules), the flag each error names,
// and the names derived for files, classes and RBAC.
import { describe, expect, it } from '@jest/globals';
import { CliError } from '../errors.js';
import { resourceNames, validateDomain, validateProjectName } from './names.js';

const errorOf = (fn: () => unknown): CliError => {
  try {
    fn();
  } catch (err) {
    if (CliError.is(err, 'invalidName')) return err;
    throw err;
  }
  throw new Error('expected an invalidName error');
};

describe('scaffold names', () => {
  it('accepts the primer names and derives the rest', () => {
    expect(resourceNames('cache', 'v1', 'RedisCluster', 'example.com')).toEqual({
      group: 'cache',
      version: 'v1',
      kind: 'RedisCluster',
      domain: 'example.com',
      qualifiedGroup: 'cache.example.com',
      lower: 'rediscluster',
      plural: 'redisclusters',
      reconciler: 'RedisClusterReconciler',
      variable: 'redisCluster',
    });
    expect(resourceNames('batch', 'v2beta3', 'Policy', 'example.com').plural).toBe('policies');
    expect(resourceNames('web', 'v1alpha1', 'Mailbox', 'example.com').plural).toBe('mailboxes');
  });

  it.each([
    ['Cache', 'v1', 'RedisCluster', '--group "Cache" is invalid: it must be a lowercase DNS subdomain'],
    ['cache_x', 'v1', 'RedisCluster', '--group "cache_x" is invalid'],
    ['cache', '1', 'RedisCluster', '--version "1" is invalid: it must match ^v\\d+(?:alpha\\d+|beta\\d+)?$'],
    ['cache', 'v1gamma1', 'RedisCluster', '--version "v1gamma1" is invalid'],
    ['cache', 'V1', 'RedisCluster', '--version "V1" is invalid'],
    ['cache', 'v1', 'redisCluster', '--kind "redisCluster" is invalid: it must be PascalCase'],
    ['cache', 'v1', 'Redis-Cluster', '--kind "Redis-Cluster" is invalid'],
    ['cache', 'v1', `R${'a'.repeat(63)}`, 'it must be at most 63 characters'],
  ])('refuses --group %s --version %s --kind %s, naming the flag', (group, version, kind, message) => {
    expect(errorOf(() => resourceNames(group, version, kind, 'example.com')).message).toContain(message);
  });

  it('refuses a domain and a project name that are not DNS names', () => {
    expect(() => validateDomain('example.com')).not.toThrow();
    expect(errorOf(() => validateDomain('Example.com')).message).toContain('--domain "Example.com" is invalid');
    expect(() => validateProjectName('redis-operator')).not.toThrow();
    expect(errorOf(() => validateProjectName('redis.operator')).message).toContain(
      '--name "redis.operator" is invalid: it must be a DNS-1123 label',
    );
    expect(errorOf(() => validateProjectName('RedisOperator')).message).toContain('--name "RedisOperator"');
  });
});
