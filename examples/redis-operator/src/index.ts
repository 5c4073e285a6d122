/**
 * The operator's pieces, for its tests, the demo and `operant rbac-gen`.
 * @module
 */
export * from './api/v1/index.js';
export { AppModule, configuredAppModule } from './app.module.js';
export { redisOperatorCache } from './cache.js';
export { defaultOptions, REDIS_OPERATOR_OPTIONS, type RedisOperatorOptions } from './controllers/options.js';
export { CLUSTER_LABEL, CONFIG_HASH, PASSWORD_HASH } from './controllers/redis-objects.js';
export { FINALIZER, PASSWORD_SECRET_INDEX, RedisClusterReconciler } from './controllers/rediscluster.controller.js';
export { ResyncTicker } from './controllers/resync-ticker.js';
