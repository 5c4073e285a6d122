/**
 * A member's Lease name (`<group>-<identity>` as a valid object name, never shared by two
 * identities), the Lease it writes for itself, and reading the ranges another one holds.
 */
import { describe, expect, it } from '@jest/globals';
import type { Logger } from '../api/logger.js';
import { noopLogger } from '../api/logger.js';
import { SHARD_CONFIG_ANNOTATION, SHARD_GROUP_LABEL, SHARD_RANGES_ANNOTATION } from './labels.js';
import { leaseHolds, type MemberLease, memberLeaseName, ownLease } from './member-lease.js';

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

describe('memberLeaseName', () => {
  it('keeps a name that is already valid', () => {
    expect(memberLeaseName('widgets', 'pod-7')).toBe('widgets-pod-7');
    expect(memberLeaseName('widgets', 'node.example.com')).toBe('widgets-node.example.com');
  });

  it.each([
    ['widgets', 'Host_1f0e9a2c-6b1d-4c0e-9d55-3f2f1b8a7c10'],
    ['Widgets', 'host'],
    ['widgets', '.a..b-.c_'],
    ['widgets', '___'],
    ['widgets', 'h'.repeat(300)],
    ['w'.repeat(260), 'h'],
  ])('makes %j + %j a DNS subdomain of at most 253 characters ending in its hash', (group, identity) => {
    const name = memberLeaseName(group, identity);
    expect(name).toMatch(DNS_SUBDOMAIN);
    expect(name.length).toBeLessThanOrEqual(253);
    expect(name).toMatch(/-?[0-9a-f]{16}$/);
  });

  it('gives identities that clean up alike different names', () => {
    const identities = ['Host_a', 'host-a', 'host_a', 'HOST_A', `${'x'.repeat(300)}1`, `${'x'.repeat(300)}2`];
    const names = identities.map((identity) => memberLeaseName('widgets', identity));
    expect(new Set(names).size).toBe(identities.length);
  });
});

describe('ownLease', () => {
  const fields = {
    namespace: 'ns',
    name: 'widgets-a',
    group: 'widgets',
    identity: 'a',
    config: 'uid/4096',
    ranges: '0-3',
    leaseDurationMs: 2500,
    now: new Date('2026-12-04T12:00:00.123Z'),
  };

  it('writes the group label, the annotations and the holder with a microsecond renewTime', () => {
    const lease = ownLease(fields);
    expect(lease.metadata).toEqual({
      namespace: 'ns',
      name: 'widgets-a',
      labels: { [SHARD_GROUP_LABEL]: 'widgets' },
      annotations: { [SHARD_CONFIG_ANNOTATION]: 'uid/4096', [SHARD_RANGES_ANNOTATION]: '0-3' },
    });
    expect(lease.spec).toEqual({
      holderIdentity: 'a',
      leaseDurationSeconds: 3,
      acquireTime: '2026-12-04T12:00:00.123000Z',
      renewTime: '2026-12-04T12:00:00.123000Z',
    });
  });

  it('keeps what it read (resourceVersion, other annotations, acquireTime) and renews the rest', () => {
    const base = {
      metadata: { namespace: 'ns', name: 'widgets-a', resourceVersion: '42', annotations: { other: 'x' } },
      spec: { holderIdentity: 'a', acquireTime: '2026-12-04T11:00:00.000000Z', leaseTransitions: 0 },
    };
    const lease = ownLease({ ...fields, ranges: '' }, base);
    expect(lease.metadata?.resourceVersion).toBe('42');
    expect(lease.metadata?.annotations).toEqual({
      other: 'x',
      [SHARD_CONFIG_ANNOTATION]: 'uid/4096',
      [SHARD_RANGES_ANNOTATION]: '',
    });
    expect(lease.spec?.acquireTime).toBe('2026-12-04T11:00:00.000000Z');
    expect(lease.spec?.renewTime).toBe('2026-12-04T12:00:00.123000Z');
    expect(lease.spec?.leaseTransitions).toBe(0);
  });
});

describe('leaseHolds', () => {
  const lease = (ranges: string | undefined): MemberLease => {
    const annotations: Record<string, string> = ranges === undefined ? {} : { [SHARD_RANGES_ANNOTATION]: ranges };
    return { metadata: { namespace: 'ns', name: 'widgets-b', annotations } };
  };

  it('reads the runs, and none from a Lease without the annotation', () => {
    expect([...leaseHolds(lease('0-2,9'), noopLogger)]).toEqual([0, 1, 2, 9]);
    expect(leaseHolds(lease(undefined), noopLogger).size).toBe(0);
  });

  it('counts an unreadable annotation as none and warns naming the Lease', () => {
    const warnings: unknown[] = [];
    const log: Logger = { ...noopLogger, warn: (message, fields) => warnings.push({ message, fields }) };
    expect(leaseHolds(lease('3-1'), log).size).toBe(0);
    expect(warnings).toEqual([expect.objectContaining({ fields: expect.objectContaining({ lease: 'ns/widgets-b' }) })]);
  });
});
