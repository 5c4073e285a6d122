import { describe, expect, it } from '@jest/globals';
import { newRegistry } from '../metrics/registry.js';
import { shardingMetrics } from './metrics.js';

describe('shardingMetrics', () => {
  it('starts both move directions at zero and reads the objects at each scrape', async () => {
    const registry = newRegistry({ collectDefaultMetrics: false });
    let objects = [{ kind: 'ConfigMap', count: 3 }];
    const metrics = shardingMetrics(registry, () => objects);
    metrics.members(2);
    metrics.ranges('held', 8);
    metrics.moved('in', 8);
    metrics.labelWrites('ConfigMap');
    metrics.mismatched(1);
    let text = await registry.metrics();
    expect(text).toContain('operant_shard_members 2\n');
    expect(text).toContain('operant_shard_ranges{state="held"} 8\n');
    expect(text).toContain('operant_shard_moves_total{direction="in"} 8\n');
    expect(text).toContain('operant_shard_moves_total{direction="out"} 0\n');
    expect(text).toContain('operant_shard_objects{kind="ConfigMap"} 3\n');
    expect(text).toContain('operant_shard_label_writes_total{kind="ConfigMap"} 1\n');
    expect(text).toContain('operant_shard_config_mismatch 1\n');
    objects = [{ kind: 'Secret', count: 1 }];
    text = await registry.metrics();
    expect(text).toContain('operant_shard_objects{kind="Secret"} 1\n');
    expect(text).not.toContain('operant_shard_objects{kind="ConfigMap"}');
  });
});
