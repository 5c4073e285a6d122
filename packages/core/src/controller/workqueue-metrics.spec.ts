import { describe, expect, it } from '@jest/globals';
import { FakeClock } from '@operant/testing/fake';
import { type MetricsRegistry, newRegistry } from '../metrics/registry.js';
import { PriorityQueue } from '../workqueue/priority-queue.js';
import { Workqueue } from '../workqueue/queue.js';
import { workqueueMetrics } from './workqueue-metrics.js';

const value = async (registry: MetricsRegistry, name: string): Promise<number | undefined> => {
  const text = await registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{name="w",controller="w"} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
};

describe('workqueueMetrics', () => {
  it('reports in-flight work: unfinished work seconds and the longest running processor', async () => {
    const registry = newRegistry({ collectDefaultMetrics: false });
    const clock = new FakeClock();
    const queue = new Workqueue({ name: 'w', clock, metrics: workqueueMetrics(registry)('w') });
    queue.add('a');
    queue.add('b');
    const a = queue.tryGet() as string;
    clock.advance(1000);
    const b = queue.tryGet() as string;
    clock.advance(500);
    expect(await value(registry, 'workqueue_unfinished_work_seconds')).toBeCloseTo(2.0); // 1.5 + 0.5
    expect(await value(registry, 'workqueue_longest_running_processor_seconds')).toBeCloseTo(1.5);
    queue.done(a);
    queue.done(b);
    expect(await value(registry, 'workqueue_unfinished_work_seconds')).toBe(0);
    expect(await value(registry, 'workqueue_longest_running_processor_seconds')).toBe(0);
    expect(await value(registry, 'workqueue_adds_total')).toBe(2);
    queue.shutDown();
  });

  it('shares the families of a registry between providers, and keeps registries apart', async () => {
    const registry = newRegistry({ collectDefaultMetrics: false });
    const clock = new FakeClock();
    new Workqueue({ name: 'w', clock, metrics: workqueueMetrics(registry)('w') }).add('a');
    const other = new Workqueue({ name: 'v', clock, metrics: workqueueMetrics(registry)('v') });
    other.add('b');
    other.tryGet();
    clock.advance(250);
    const text = await registry.metrics();
    expect(text).toContain('workqueue_adds_total{name="w",controller="w"} 1');
    expect(text).toContain('workqueue_adds_total{name="v",controller="v"} 1');
    expect(text).toContain('workqueue_longest_running_processor_seconds{name="v",controller="v"} 0.25');
    const apart = newRegistry({ collectDefaultMetrics: false });
    workqueueMetrics(apart);
    expect(await apart.metrics()).not.toContain('controller="v"');
  });
});

describe('workqueue_depth', () => {
  const depths = async (registry: MetricsRegistry) =>
    (await registry.metrics()).split('\n').filter((l) => l.startsWith('workqueue_depth{'));

  it('has a priority label: each level of the priority queue, "" for the plain queue', async () => {
    const registry = newRegistry({ collectDefaultMetrics: false });
    const provider = workqueueMetrics(registry);
    const clock = new FakeClock();
    const pq = new PriorityQueue({ name: 'p', clock, metrics: provider('p') });
    new Workqueue({ name: 'w', clock, metrics: provider('w') }).add('x');
    pq.addWithOptions('a', { priority: -100 });
    pq.addWithOptions('b', { priority: -100 });
    pq.add('c');
    pq.add('a');
    expect((await depths(registry)).sort()).toEqual([
      'workqueue_depth{name="p",controller="p",priority="-100"} 1',
      'workqueue_depth{name="p",controller="p",priority="0"} 2',
      'workqueue_depth{name="w",controller="w",priority=""} 1',
    ]);
  });

  it('keeps at most 25 priority series per queue; the rest share exceeded_cardinality_limit', async () => {
    const registry = newRegistry({ collectDefaultMetrics: false });
    const pq = new PriorityQueue({ name: 'p', clock: new FakeClock(), metrics: workqueueMetrics(registry)('p') });
    for (let p = 1; p <= 27; p++) pq.addWithOptions(`k${p}`, { priority: p }); // 0 was seen first (empty)
    const lines = await depths(registry);
    expect(lines).toHaveLength(26);
    expect(lines).toContain('workqueue_depth{name="p",controller="p",priority="exceeded_cardinality_limit"} 3');
    expect(lines).toContain('workqueue_depth{name="p",controller="p",priority="24"} 1');
  });
});
