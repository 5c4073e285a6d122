import { describe, expect, it } from '@jest/globals';
import { newRegistry } from '../metrics/registry.js';
import { leaderElectionMetrics } from './metrics.js';

describe('leaderElectionMetrics', () => {
  it('sets leader_election_master_status to 1 while leading, 0 otherwise', async () => {
    const registry = newRegistry({ collectDefaultMetrics: false });
    const status = leaderElectionMetrics(registry);
    status('op', false);
    expect(await registry.metrics()).toContain('leader_election_master_status{name="op"} 0\n');
    leaderElectionMetrics(registry)('op', true);
    expect(await registry.metrics()).toContain('leader_election_master_status{name="op"} 1\n');
  });
});
