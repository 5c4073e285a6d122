import { describe, expect, it } from '@jest/globals';
import { newRegistry } from './registry.js';

describe('newRegistry', () => {
  it("collects the Node process metrics by default (prom-client's default metrics, loaded on demand)", async () => {
    const text = await newRegistry().metrics();
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_total_bytes \d/m);
    expect(await newRegistry({ collectDefaultMetrics: false }).metrics()).not.toContain('process_cpu');
  });

  it('takes a registry to share; a second manager on it finds the process metrics registered', async () => {
    const shared = newRegistry({ collectDefaultMetrics: false });
    expect(newRegistry({ registry: shared })).toBe(shared);
    expect(newRegistry({ registry: shared })).toBe(shared);
    expect((await shared.metrics()).match(/^# HELP process_cpu_seconds_total /gm)).toHaveLength(1);
  });

  it('has the process metrics on the first read of a new registry (the module graph test shows none are loaded before)', async () => {
    const registry = newRegistry();
    expect(await registry.getMetricsAsJSON()).toContainEqual(
      expect.objectContaining({ name: 'process_cpu_user_seconds_total' }),
    );
    expect((await registry.metrics()).match(/^# HELP process_cpu_seconds_total /gm)).toHaveLength(1);
  });

  it('registers them before a process metric of that name is looked up or registered, so a clash fails there', () => {
    expect(newRegistry().getSingleMetric('nodejs_heap_size_total_bytes')).toBeDefined();
    const registry = newRegistry();
    const clash = { name: 'process_cpu_user_seconds_total' } as unknown as Parameters<
      typeof registry.registerMetric
    >[0];
    expect(() => registry.registerMetric(clash)).toThrow('has already been registered');
  });

  it('adds none after clear()', async () => {
    const registry = newRegistry();
    registry.clear();
    expect(await registry.metrics()).not.toContain('process_cpu');
  });
});
