/**
 * The REST client's Prometheus families, with client-go's names, labels and buckets as
 * controller-runtime registers them (its `metrics/client_go_adapter.go`):
 * `rest_client_requests_total{code,method,host}`, `rest_client_request_duration_seconds{verb,host}`,
 * `rest_client_rate_limiter_duration_seconds{verb,host}` and
 * `rest_client_request_retries_total{code,verb,host}`.
 * @module
 */
import { counter, histogram } from '../metrics/families.js';
import type { MetricsRegistry } from '../metrics/registry.js';
import type { RestClient } from './rest.js';

/** client-go's latency buckets (request and rate limiter). */
const LATENCY_BUCKETS = [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];

/**
 * Counts every attempt of a request of `rest` in `rest_client_requests_total{code,method,host}`
 * and its latency (until the response headers) in `rest_client_request_duration_seconds{verb,host}`,
 * the attempts after a `Retry-After` in `rest_client_request_retries_total{code,verb,host}`,
 * and the waits for the client rate limiter in `rest_client_rate_limiter_duration_seconds{verb,host}`
 * (as client-go), on `registry` (families registered on first call); returns a remover.
 */
export function observeRestClient(
  registry: MetricsRegistry,
  rest: Pick<RestClient, 'onResponse' | 'onWait'>,
): () => void {
  const requests = counter(registry, {
    name: 'rest_client_requests_total',
    help: 'Number of HTTP requests, partitioned by status code, method, and host',
    labelNames: ['code', 'method', 'host'],
  });
  const latency = histogram(registry, {
    name: 'rest_client_request_duration_seconds',
    help: 'Request latency in seconds. Broken down by verb, and host.',
    labelNames: ['verb', 'host'],
    buckets: LATENCY_BUCKETS,
  });
  const rateLimiterLatency = histogram(registry, {
    name: 'rest_client_rate_limiter_duration_seconds',
    help: 'Client side rate limiter latency in seconds. Broken down by verb, and host.',
    labelNames: ['verb', 'host'],
    buckets: LATENCY_BUCKETS,
  });
  const retries = counter(registry, {
    name: 'rest_client_request_retries_total',
    help: 'Number of request retries, partitioned by status code, verb, and host.',
    labelNames: ['code', 'verb', 'host'],
  });
  const removeResponses = rest.onResponse(({ method, url, code, seconds, retry }) => {
    requests.inc({ code, method, host: url.host });
    latency.observe({ verb: method, host: url.host }, seconds);
    if (retry) retries.inc({ code, verb: method, host: url.host });
  });
  const removeWaits = rest.onWait(({ method, url, cause, seconds }) => {
    if (cause === 'rateLimiter') rateLimiterLatency.observe({ verb: method, host: url.host }, seconds);
  });
  return () => {
    removeResponses();
    removeWaits();
  };
}
