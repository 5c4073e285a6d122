/**
 * The kinds of cache.example.com/v1.
 * @module
 */
export * from './rediscluster.types.js';
