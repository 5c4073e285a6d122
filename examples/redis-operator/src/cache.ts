/**
 * How the operator caches what it watches. The node pods are read for their names only
 * (`status.nodes`) and their labels (which cluster they belong to), so their cache holds
 * metadata only (`PartialObjectMetadata`, controller-runtime's `builder.OnlyMetadata`): a
 * pod's spec is most of its size, and there are one to four pods per RedisCluster. main.ts
 * and the tests' operators start the manager with these options.
 * @module
 */
import { Pod } from '@operant/core/kinds';
import type { ManagerOptions } from '@operant/core/manager';

export const redisOperatorCache: NonNullable<ManagerOptions['cache']> = {
  byObject: [{ type: Pod, metadataOnly: true }],
};
