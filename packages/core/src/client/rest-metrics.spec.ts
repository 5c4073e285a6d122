import { describe, expect, it } from '@jest/globals';
import { newRegistry } from '../metrics/registry.js';
import type { ResponseObserver, WaitObserver } from './rest.js';
import { observeRestClient } from './rest-metrics.js';

describe('observeRestClient', () => {
  it('counts responses, retries and rate limiter waits by verb and host, until removed', async () => {
    const registry = newRegistry({ collectDefaultMetrics: false });
    const responses = new Set<ResponseObserver>();
    const waits = new Set<WaitObserver>();
    const observe =
      <O>(set: Set<O>) =>
      (o: O) => {
        set.add(o);
        return () => void set.delete(o);
      };
    const rest = { onResponse: observe(responses), onWait: observe(waits) };
    const remove = observeRestClient(registry, rest);
    const url = new URL('https://api:6443/api/v1/pods');
    for (const o of responses) o({ method: 'GET', url, code: '429', seconds: 0.01, retry: false });
    for (const o of responses) o({ method: 'GET', url, code: '200', seconds: 0.2, retry: true });
    for (const o of waits) o({ method: 'GET', url, cause: 'rateLimiter', seconds: 0.02 });
    for (const o of waits) o({ method: 'GET', url, cause: 'retryAfter', seconds: 1 });
    const text = await registry.metrics();
    expect(text).toContain('rest_client_requests_total{code="429",method="GET",host="api:6443"} 1\n');
    expect(text).toContain('rest_client_requests_total{code="200",method="GET",host="api:6443"} 1\n');
    expect(text).toContain('rest_client_request_duration_seconds_bucket{le="0.025",verb="GET",host="api:6443"} 1\n');
    expect(text).toContain('rest_client_request_retries_total{code="200",verb="GET",host="api:6443"} 1\n');
    expect(text).toContain('rest_client_rate_limiter_duration_seconds_count{verb="GET",host="api:6443"} 1\n');
    remove();
    expect(responses.size + waits.size).toBe(0);
  });
});
