/**
 * `clusterWide: false` (`CacheOptions`): a cache that refuses to watch anything across the
 * cluster, for a manager whose RBAC is a Role in the namespaces it watches (`operant init
 * --namespaced`). A cluster-scoped kind, or a namespaced kind cached without namespaces,
 * would be listed and watched cluster-wide: the API server would answer 403 on every retry
 * and the cache would never sync. controller-runtime caches cluster-scoped kinds beside
 * namespaced ones whatever `DefaultNamespaces` says; here the watch fails at once instead,
 * naming the kind.
 * @module
 */
import { ClientError } from '../api/status-error.js';
import type { ResourceInfo } from '../resources/resource-type.js';
import type { InformerScope } from './informer.js';

/** Throws `notCached` when an informer of `info` with `scope` would list and watch across the cluster. */
export function assertNamespacedScope(info: ResourceInfo, scope: InformerScope): void {
  if (!info.namespaced) {
    throw new ClientError(
      'notCached',
      `unable to watch ${info.kind}: it is cluster-scoped and the cache watches only namespaces (clusterWide: false); a Role cannot grant it`,
    );
  }
  if (!scope.namespaces?.length) {
    throw new ClientError(
      'notCached',
      `unable to watch ${info.kind} in all namespaces: the cache watches only namespaces (clusterWide: false); set defaultNamespaces or the kind's byObject namespaces`,
    );
  }
}
