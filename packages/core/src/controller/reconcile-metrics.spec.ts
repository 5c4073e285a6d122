import { describe, expect, it } from '@jest/globals';
import { newRegistry } from '../metrics/registry.js';
import { controllerMetrics } from './reconcile-metrics.js';

describe('controllerMetrics', () => {
  it('creates zero series for a controller and counts outcomes', async () => {
    const registry = newRegistry({ collectDefaultMetrics: false });
    const metrics = controllerMetrics(registry);
    metrics.maxConcurrentReconciles?.('c', 2);
    metrics.reconciled?.('c', 'error', 0.02, true, false);
    const text = await registry.metrics();
    for (const result of ['success', 'requeue', 'requeue_after']) {
      expect(text).toContain(`controller_runtime_reconcile_total{controller="c",result="${result}"} 0`);
    }
    expect(text).toContain('controller_runtime_reconcile_total{controller="c",result="error"} 1');
    expect(text).toContain('controller_runtime_terminal_reconcile_errors_total{controller="c"} 1');
    expect(text).toContain('controller_runtime_reconcile_time_seconds_bucket{le="0.025",controller="c"} 1');
    expect(text).toContain('controller_runtime_max_concurrent_reconciles{controller="c"} 2');
  });

  it('shares one registry’s families between two registrations (two controllers, two managers)', async () => {
    const registry = newRegistry({ collectDefaultMetrics: false });
    controllerMetrics(registry).reconciled?.('a', 'success', 0.01, false, false);
    controllerMetrics(registry).reconciled?.('b', 'requeue', 0.01, false, true);
    const text = await registry.metrics();
    expect(text.match(/^# HELP controller_runtime_reconcile_total /gm)).toHaveLength(1);
    expect(text).toContain('controller_runtime_reconcile_total{controller="a",result="success"} 1');
    expect(text).toContain('controller_runtime_reconcile_total{controller="b",result="requeue"} 1');
    expect(text).toContain('controller_runtime_reconcile_panics_total{controller="b"} 1');
  });
});
