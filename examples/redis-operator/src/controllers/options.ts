/**
 * The Redis operator's settings, provided under `REDIS_OPERATOR_OPTIONS` (the app module
 * provides the defaults; tests and the demo override them with their own provider).
 * @module
 */
export interface RedisOperatorOptions {
  /** Every RedisCluster is reconciled again this often (the channel source's timer). */
  resyncPeriodMs: number;
  /**
   * Namespace of the registry: one ConfigMap per RedisCluster, `<namespace>.<name>`, with
   * its address. It lives outside the cluster's namespace, where owner references cannot
   * reach, so the finalizer removes it.
   */
  registryNamespace: string;
}

export const REDIS_OPERATOR_OPTIONS: unique symbol = Symbol.for('redis-operator/options');

export const defaultOptions: RedisOperatorOptions = {
  resyncPeriodMs: 5 * 60_000,
  registryNamespace: 'redis-operator-system',
};
