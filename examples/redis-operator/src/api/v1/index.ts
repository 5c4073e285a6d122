/**
 * The cache.example.com/v1 API of the Redis operator.
 * @module
 */
export { RedisCluster, RedisClusterCondition, RedisClusterSpec, RedisClusterStatus } from './rediscluster.types.js';
