/**
 * ShardMembership's checks that need no API server: its timing and its Lease name (the rest
 * runs against the real control plane in test/shard-membership.int.spec.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { noopLogger } from '../api/logger.js';
import type { Client } from '../client/interfaces.js';
import { ShardMembership } from './membership.js';

const base = { client: {} as Client, namespace: 'ns', group: 'widgets', config: 'uid/4096', logger: noopLogger };

describe('ShardMembership', () => {
  it.each([
    [{ identity: 'a', leaseDurationMs: 10_000, renewDeadlineMs: 10_000 }],
    [{ identity: 'a', renewDeadlineMs: 2_000, retryPeriodMs: 2_000 }],
  ])('refuses timings without retryPeriod < renewDeadline < leaseDuration (%j)', (timing) => {
    expect(() => new ShardMembership({ ...base, ...timing })).toThrow(
      'unable to set up shard membership for Lease ns/widgets-a: retryPeriod < renewDeadline < leaseDuration is required',
    );
  });

  it('names its Lease after the group and identity, and defaults the identity to hostname_uuid', () => {
    expect(new ShardMembership({ ...base, identity: 'a' }).leaseName).toBe('widgets-a');
    const unnamed = new ShardMembership(base);
    expect(unnamed.identity).toMatch(/^.+_[0-9a-f-]{36}$/);
    expect(unnamed.leaseName).toMatch(/^widgets-.+-[0-9a-f]{16}$/);
  });

  it('is not fresh and holds nothing before it started', () => {
    const member = new ShardMembership({ ...base, identity: 'a' });
    expect(member.fresh()).toBe(false);
    expect(member.holds().size).toBe(0);
    expect(member.view()).toEqual([]);
  });
});
