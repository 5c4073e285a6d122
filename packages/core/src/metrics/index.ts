/**
 * Prometheus metrics with controller-runtime's names (`Metrics`), served by the manager on
 * `metricsBindAddress` (HTTPS and `metricsServer` options); `withAuthenticationAndAuthorization`,
 * the filter that lets only reviewed bearer tokens scrape (controller-runtime's `metrics/filters`).
 * @module metrics
 */
export {
  type AuthenticationAndAuthorizationOptions,
  type Filter,
  type FilterContext,
  type FilterProvider,
  type FilterReply,
  withAuthenticationAndAuthorization,
} from './filters.js';
export { Metrics, type MetricsOptions, RECONCILE_TIME_BUCKETS, WORKQUEUE_DURATION_BUCKETS } from './metrics.js';
