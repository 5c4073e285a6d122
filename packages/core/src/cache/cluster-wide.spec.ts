import { describe, expect, it } from '@jest/globals';
import { KubeConfig } from '@kubernetes/client-node';
import { isNotCached } from '../api/status-error.js';
import { RestClient } from '../client/rest.js';
import { ConfigMap, Namespace, Secret } from '../resources/kinds.js';
import { Cache, type CacheOptions } from './cache.js';

// Informers are created, never run: nothing talks to a cluster.
const newCache = (options: Omit<CacheOptions, 'rest'>) =>
  new Cache({ rest: new RestClient(new KubeConfig()), ...options });

describe('Cache with clusterWide: false', () => {
  it('should watch namespaced kinds in its namespaces', () => {
    const cache = newCache({ clusterWide: false, defaultNamespaces: ['team-a'] });
    expect(cache.getInformer(ConfigMap).info.kind).toBe('ConfigMap');
    expect(cache.scopeOf(ConfigMap).namespaces).toEqual(['team-a']);
  });

  it('should refuse a cluster-scoped kind, naming it', () => {
    const cache = newCache({ clusterWide: false, defaultNamespaces: ['team-a'] });
    expect(() => cache.getInformer(Namespace)).toThrow(
      'unable to watch Namespace: it is cluster-scoped and the cache watches only namespaces (clusterWide: false)',
    );
    let thrown: unknown;
    try {
      cache.getInformer(Namespace);
    } catch (err) {
      thrown = err;
    }
    expect(isNotCached(thrown)).toBe(true);
  });

  it('should refuse a namespaced kind without namespaces, byObject included', () => {
    expect(() => newCache({ clusterWide: false }).getInformer(ConfigMap)).toThrow(
      'unable to watch ConfigMap in all namespaces',
    );
    expect(() =>
      newCache({ clusterWide: false, defaultNamespaces: ['team-a'], byObject: [{ type: Secret, namespaces: [] }] }),
    ).toThrow('unable to watch Secret in all namespaces');
  });

  it('should refuse a read in another namespace', async () => {
    const cache = newCache({ clusterWide: false, defaultNamespaces: ['team-a'] });
    cache.getInformer(ConfigMap);
    await expect(cache.get(ConfigMap, { namespace: 'team-b', name: 'x' })).rejects.toThrow(
      'unable to get ConfigMap team-b/x: the cache of ConfigMap holds only namespaces team-a',
    );
  });

  it('should cache a cluster-scoped kind cluster-wide by default, as controller-runtime does', () => {
    const cache = newCache({ defaultNamespaces: ['team-a'] });
    expect(cache.getInformer(Namespace).info.kind).toBe('Namespace');
  });
});
