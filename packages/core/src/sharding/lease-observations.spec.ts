/**
 * Liveness by local observation, on an injected monotonic clock: a Lease is live while its
 * resourceVersion changed within its lease duration as seen here; first sight counts as a change.
 */
import { describe, expect, it } from '@jest/globals';
import { noopLogger } from '../api/logger.js';
import { SHARD_CONFIG_ANNOTATION, SHARD_RANGES_ANNOTATION } from './labels.js';
import { LeaseObservations } from './lease-observations.js';

const lease = (name: string, resourceVersion: string, leaseDurationSeconds?: number) => ({
  metadata: {
    name,
    resourceVersion,
    annotations: { [SHARD_CONFIG_ANNOTATION]: 'uid/4096', [SHARD_RANGES_ANNOTATION]: '1-2' },
  },
  spec: { holderIdentity: `id-${name}`, leaseDurationSeconds },
});

describe('LeaseObservations', () => {
  const live = (seen: LeaseObservations, identity: string, now: number) => {
    const observed = seen.find(identity);
    return observed !== undefined && seen.isLive(observed, now);
  };

  it('counts a Lease first seen as just changed, live for its lease duration', () => {
    const seen = new LeaseObservations(15_000, noopLogger);
    seen.update([lease('a', '1', 3)], 1_000);
    expect(live(seen, 'id-a', 1_000)).toBe(true);
    expect(live(seen, 'id-a', 3_999)).toBe(true);
    expect(live(seen, 'id-a', 4_000)).toBe(false);
  });

  it('restarts the clock only when the resourceVersion changes, whatever the Lease says its times are', () => {
    const seen = new LeaseObservations(15_000, noopLogger);
    seen.update([lease('a', '1', 3)], 0);
    seen.update([lease('a', '1', 3)], 2_500); // the same version again: no renewal
    expect(live(seen, 'id-a', 3_000)).toBe(false);
    seen.update([lease('a', '2', 3)], 3_500); // renewed: live again
    expect(live(seen, 'id-a', 6_000)).toBe(true);
    expect(live(seen, 'id-a', 6_500)).toBe(false);
  });

  it('uses the local lease duration for a Lease that states none', () => {
    const seen = new LeaseObservations(2_000, noopLogger);
    seen.update([lease('a', '1')], 0);
    expect(live(seen, 'id-a', 1_999)).toBe(true);
    expect(live(seen, 'id-a', 2_000)).toBe(false);
  });

  it('forgets Leases missing from a later list, and reads holds and config', () => {
    const seen = new LeaseObservations(15_000, noopLogger);
    seen.update([lease('a', '1'), lease('b', '1')], 0);
    seen.update([lease('b', '1')], 10);
    expect(seen.all().map((o) => o.identity)).toEqual(['id-b']);
    expect(seen.find('id-a')).toBeUndefined();
    expect(seen.find('id-b')).toMatchObject({
      name: 'b',
      config: 'uid/4096',
      holds: new Set([1, 2]),
      resourceVersion: '1',
    });
  });
});
