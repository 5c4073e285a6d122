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
});
