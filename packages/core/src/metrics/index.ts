/**
 * Prometheus metrics with controller-runtime's names (`Metrics`), served by the manager on
 * `metricsBindAddress`.
 * @module metrics
 */
export { Metrics, type MetricsOptions, RECONCILE_TIME_BUCKETS, WORKQUEUE_DURATION_BUCKETS } from './metrics.js';
