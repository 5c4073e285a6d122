import { describe, expect, it } from '@jest/globals';
import { FakeClock } from '@operant/testing/fake';
import { PriorityQueue } from '../workqueue/priority-queue.js';
import { Workqueue } from '../workqueue/queue.js';
import { Metrics } from './metrics.js';

const value = async (metrics: Metrics, name: string): Promise<number | undefined> => {
  const text = await metrics.registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{name="w",controller="w"} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
};

describe('Metrics', () => {
  it("collects the Node process metrics by default (prom-client's default metrics, loaded on demand)", async () => {
    const text = await new Metrics().registry.metrics();
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_total_bytes \d/m);
    expect(await new Metrics({ collectDefaultMetrics: false }).registry.metrics()).not.toContain('process_cpu');
  });

  it('reports in-flight work: unfinished work seconds and the longest running processor', async () => {
    const metrics = new Metrics({ collectDefaultMetrics: false });
    const clock = new FakeClock();
    const queue = new Workqueue({ name: 'w', clock, metrics: metrics.workqueue('w') });
    queue.add('a');
    queue.add('b');
    const a = queue.tryGet() as string;
    clock.advance(1000);
    const b = queue.tryGet() as string;
    clock.advance(500);
    expect(await value(metrics, 'workqueue_unfinished_work_seconds')).toBeCloseTo(2.0); // 1.5 + 0.5
    expect(await value(metrics, 'workqueue_longest_running_processor_seconds')).toBeCloseTo(1.5);
    queue.done(a);
    queue.done(b);
    expect(await value(metrics, 'workqueue_unfinished_work_seconds')).toBe(0);
    expect(await value(metrics, 'workqueue_longest_running_processor_seconds')).toBe(0);
    expect(await value(metrics, 'workqueue_adds_total')).toBe(2);
    queue.shutDown();
  });

  it('creates zero series for a controller and counts outcomes', async () => {
    const metrics = new Metrics({ collectDefaultMetrics: false });
    metrics.controller.maxConcurrentReconciles?.('c', 2);
    metrics.controller.reconciled?.('c', 'error', 0.02, true, false);
    const text = await metrics.registry.metrics();
    for (const result of ['success', 'requeue', 'requeue_after']) {
      expect(text).toContain(`controller_runtime_reconcile_total{controller="c",result="${result}"} 0`);
    }
    expect(text).toContain('controller_runtime_reconcile_total{controller="c",result="error"} 1');
    expect(text).toContain('controller_runtime_terminal_reconcile_errors_total{controller="c"} 1');
    expect(text).toContain('controller_runtime_reconcile_time_seconds_bucket{le="0.025",controller="c"} 1');
  });
});

describe('workqueue_depth', () => {
  const depths = async (metrics: Metrics) =>
    (await metrics.registry.metrics()).split('\n').filter((l) => l.startsWith('workqueue_depth{'));

  it('has a priority label: each level of the priority queue, "" for the plain queue', async () => {
    const metrics = new Metrics({ collectDefaultMetrics: false });
    const clock = new FakeClock();
    const pq = new PriorityQueue({ name: 'p', clock, metrics: metrics.workqueue('p') });
    new Workqueue({ name: 'w', clock, metrics: metrics.workqueue('w') }).add('x');
    pq.addWithOptions('a', { priority: -100 });
    pq.addWithOptions('b', { priority: -100 });
    pq.add('c');
    pq.add('a');
    expect(await depths(metrics)).toEqual([
      'workqueue_depth{name="p",controller="p",priority="0"} 2',
      'workqueue_depth{name="w",controller="w",priority=""} 1',
      'workqueue_depth{name="p",controller="p",priority="-100"} 1',
    ]);
  });

  it('keeps at most 25 priority series per queue; the rest share exceeded_cardinality_limit', async () => {
    const metrics = new Metrics({ collectDefaultMetrics: false });
    const pq = new PriorityQueue({ name: 'p', clock: new FakeClock(), metrics: metrics.workqueue('p') });
    for (let p = 1; p <= 27; p++) pq.addWithOptions(`k${p}`, { priority: p }); // 0 was seen first (empty)
    const lines = await depths(metrics);
    expect(lines).toHaveLength(26);
    expect(lines).toContain('workqueue_depth{name="p",controller="p",priority="exceeded_cardinality_limit"} 3');
    expect(lines).toContain('workqueue_depth{name="p",controller="p",priority="24"} 1');
  });
});
