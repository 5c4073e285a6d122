/**
 * Shard membership on the real control plane, with short timings (lease 3 s, renew deadline
 * 2 s, retry 0.3 s): members see each other live and see each other's holds; a member that
 * stops without releasing turns not live in the others' views after its lease duration and
 * can then (only then) be deleted; release deletes the Lease; a member whose Lease is
 * deleted behind its back, or whose renews are refused (its RBAC grant removed) for the
 * renew deadline, reports the loss once and never recreates its Lease.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from '@jest/globals';
import type { V1Role, V1RoleBinding } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { noopLogger } from '../src/api/logger.js';
import { isNotFound } from '../src/api/status-error.js';
import { ApiClient } from '../src/client/api-client.js';
import type { Client } from '../src/client/interfaces.js';
import { Lease } from '../src/resources/kinds.js';
import { SHARD_CONFIG_ANNOTATION, SHARD_GROUP_LABEL, SHARD_RANGES_ANNOTATION } from '../src/sharding/labels.js';
import type { MemberView } from '../src/sharding/member-view.js';
import { ShardMembership } from '../src/sharding/membership.js';
import { eventually, newNamespace, useCleanups } from './fixtures/helpers.js';

describeWithControlPlane('shard membership', () => {
  const kc = sharedKubeConfig();
  const api = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();
  const timing = { leaseDurationMs: 3_000, renewDeadlineMs: 2_000, retryPeriodMs: 300 };

  /** A member of group `widgets` in `ns`; released (if still there) after the test. */
  function member(ns: string, identity: string, client: Client = api) {
    const stop = new AbortController();
    const lost: Error[] = [];
    const membership = new ShardMembership({
      client,
      namespace: ns,
      group: 'widgets',
      identity,
      config: 'uid/4096',
      logger: noopLogger,
      ...timing,
    });
    cleanup(async () => {
      stop.abort();
      await membership.release();
    });
    const start = () => membership.start(stop.signal, (err) => lost.push(err));
    return { membership, stop, lost, start };
  }

  const byIdentity = (membership: ShardMembership): Record<string, MemberView> =>
    Object.fromEntries(membership.view().map((v) => [v.identity, v]));
  const leaseOf = (ns: string, membership: ShardMembership) =>
    api.get(Lease, { namespace: ns, name: membership.leaseName }).catch((err: unknown) => {
      if (isNotFound(err)) return undefined;
      throw err;
    });

  /** Members a and b in a new namespace, started, b seeing a live. */
  async function twoMembers() {
    const ns = await newNamespace(api, 'shard-member');
    const a = member(ns, 'a');
    const b = member(ns, 'b');
    await a.start();
    await b.start();
    await eventually(() => expect(byIdentity(b.membership).a?.live).toBe(true));
    return { ns, a, b };
  }

  it('shows three members each other live, then each other holds after setHolds', async () => {
    const ns = await newNamespace(api, 'shard-member');
    const members = ['a', 'b', 'c'].map((id) => member(ns, id));
    const changes = new Map<string, number>();
    for (const { membership } of members) {
      membership.onChange(() => {
        changes.set(membership.identity, (changes.get(membership.identity) ?? 0) + 1);
      });
    }
    await Promise.all(members.map((m) => m.start()));
    for (const { membership } of members) {
      await eventually(() => {
        const view = membership.view();
        expect(view.map((v) => [v.identity, v.live, v.self])).toEqual(
          ['a', 'b', 'c'].map((id) => [id, true, id === membership.identity]),
        );
        expect(view.every((v) => v.config === 'uid/4096' && v.holds.size === 0)).toBe(true);
      });
    }

    const [a, b, c] = members.map((m) => m.membership) as [ShardMembership, ShardMembership, ShardMembership];
    await a.setHolds([2, 0, 1]);
    await b.setHolds([3]);
    expect([...a.holds()]).toEqual([0, 1, 2]);
    for (const membership of [a, b, c]) {
      await eventually(() => {
        const view = byIdentity(membership);
        expect([...(view.a?.holds ?? [])]).toEqual([0, 1, 2]);
        expect([...(view.b?.holds ?? [])]).toEqual([3]);
        expect(view.c?.holds.size).toBe(0);
        expect(Object.values(view).every((v) => v.live)).toBe(true);
      });
    }
    const written = await leaseOf(ns, a);
    expect(written?.metadata?.labels?.[SHARD_GROUP_LABEL]).toBe('widgets');
    expect(written?.metadata?.annotations?.[SHARD_RANGES_ANNOTATION]).toBe('0-2');
    expect(written?.metadata?.annotations?.[SHARD_CONFIG_ANNOTATION]).toBe('uid/4096');
    expect(written?.spec?.holderIdentity).toBe('a');
    expect(['a', 'b', 'c'].every((id) => (changes.get(id) ?? 0) >= 3)).toBe(true); // members appeared, then holds changed
    expect(members.flatMap((m) => m.lost)).toEqual([]);
  }, 60_000);

  it('turns a member stopped without release not live after its lease duration; only then deleteExpired removes it', async () => {
    const { ns, a, b } = await twoMembers();
    let sawExpiry = false;
    b.membership.onChange(() => {
      if (byIdentity(b.membership).a?.live === false) sawExpiry = true;
    });
    expect(await b.membership.deleteExpired('a')).toBe(false); // live: kept
    expect(await leaseOf(ns, a.membership)).toBeDefined();

    a.stop.abort(); // a crash, as far as its Lease can tell: no release
    await eventually(() => expect(sawExpiry).toBe(true), 10_000);
    expect(await b.membership.deleteExpired('a')).toBe(true);
    expect(await leaseOf(ns, a.membership)).toBeUndefined();
    expect(Object.keys(byIdentity(b.membership))).toEqual(['b']);
    expect((await b.membership.refresh()).map((v) => v.identity)).toEqual(['b']);
    expect(await b.membership.deleteExpired('a')).toBe(true); // already gone
    expect([...a.lost, ...b.lost]).toEqual([]);
  }, 60_000);

  it('release deletes the Lease; the others drop it at their next refresh', async () => {
    const { ns, a, b } = await twoMembers();
    a.stop.abort();
    await a.membership.release();
    expect(await leaseOf(ns, a.membership)).toBeUndefined();
    expect(a.membership.fresh()).toBe(false);
    expect((await b.membership.refresh()).map((v) => v.identity)).toEqual(['b']);
    expect([...a.lost, ...b.lost]).toEqual([]);
  }, 60_000);

  it('reports the loss once when its Lease is deleted behind its back, and does not recreate it', async () => {
    const ns = await newNamespace(api, 'shard-member');
    const a = member(ns, 'a');
    await a.start();
    await api.delete({
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { namespace: ns, name: a.membership.leaseName },
    });
    await eventually(() => expect(a.lost.length).toBe(1));
    expect(a.lost[0]?.message).toBe(`unable to renew Lease ${ns}/${a.membership.leaseName}: it was deleted`);
    expect(a.membership.fresh()).toBe(false);
    await expect(a.membership.setHolds([1])).rejects.toThrow('it was deleted');
    await new Promise((resolve) => setTimeout(resolve, 3 * timing.retryPeriodMs)); // renews would have run
    expect(await leaseOf(ns, a.membership)).toBeUndefined();
    expect(a.lost.length).toBe(1);
  }, 60_000);

  it('re-reads and retries after a conflict: another writer of its Lease only costs a retry', async () => {
    const ns = await newNamespace(api, 'shard-member');
    const a = member(ns, 'a');
    await a.start();
    const lease = await leaseOf(ns, a.membership);
    await api.update({
      ...lease,
      metadata: { ...lease?.metadata, annotations: { ...lease?.metadata?.annotations, note: 'x' } },
    });
    await a.membership.setHolds([7, 8]);
    const written = await leaseOf(ns, a.membership);
    expect(written?.metadata?.annotations).toMatchObject({ note: 'x', [SHARD_RANGES_ANNOTATION]: '7-8' });
    expect(a.membership.fresh()).toBe(true);
    expect(a.lost).toEqual([]);
  }, 60_000);

  it('reports the loss once when its Lease is written by another identity', async () => {
    const ns = await newNamespace(api, 'shard-member');
    const a = member(ns, 'a');
    await a.start();
    const lease = await leaseOf(ns, a.membership);
    await api.update({ ...lease, spec: { ...lease?.spec, holderIdentity: 'intruder' } });
    await eventually(() => expect(a.lost.length).toBe(1));
    expect(a.lost[0]?.message).toBe(`unable to renew Lease ${ns}/${a.membership.leaseName}: held by intruder`);
    expect((await leaseOf(ns, a.membership))?.spec?.holderIdentity).toBe('intruder'); // not taken back
  }, 60_000);

  it('reports the loss once when renews are refused for the renew deadline (its RBAC grant removed)', async () => {
    const ns = await newNamespace(api, 'shard-member');
    const user = `shard-member-${randomBytes(3).toString('hex')}`;
    await api.create<V1Role>({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { namespace: ns, name: 'leases' },
      rules: [
        {
          apiGroups: ['coordination.k8s.io'],
          resources: ['leases'],
          verbs: ['get', 'list', 'create', 'update', 'delete'],
        },
      ],
    });
    const binding = await api.create<V1RoleBinding>({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { namespace: ns, name: 'leases' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'leases' },
      subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user }],
    });
    // the admin credentials impersonating `user`: the API server authorizes every request as `user`
    const asUser = new ApiClient({
      kubeConfig: {
        getCurrentCluster: () => kc.getCurrentCluster(),
        getCurrentUser: () => ({
          ...(kc.getCurrentUser() as NonNullable<ReturnType<typeof kc.getCurrentUser>>),
          impersonateUser: user,
        }),
      },
    });
    const a = member(ns, 'a', asUser);
    await eventually(() => a.start()); // the RoleBinding may take a moment to apply
    expect(a.membership.fresh()).toBe(true);

    await api.delete(binding);
    await eventually(() => expect(a.lost.length).toBe(1), 10_000);
    expect(a.lost[0]?.message).toBe(
      `unable to renew Lease ${ns}/${a.membership.leaseName} within the renew deadline (${timing.renewDeadlineMs} ms)`,
    );
    expect(a.membership.fresh()).toBe(false);
    const lease = await leaseOf(ns, a.membership); // still there and still its own: the loss is the deadline's
    expect(lease?.spec?.holderIdentity).toBe('a');
    await new Promise((resolve) => setTimeout(resolve, 3 * timing.retryPeriodMs));
    expect(a.lost.length).toBe(1);
  }, 60_000);

  it('takes over the Lease of an earlier process with its identity only after that Lease expired', async () => {
    const ns = await newNamespace(api, 'shard-member');
    const earlier = member(ns, 'a');
    await earlier.start();
    await earlier.membership.setHolds([5]);
    earlier.stop.abort(); // a crash: the Lease stays, holding 5
    const observer = member(ns, 'b');
    await observer.start();
    const later = member(ns, 'a');
    const starting = later.start();
    await new Promise((resolve) => setTimeout(resolve, 2 * timing.retryPeriodMs)); // it has read the Lease by now
    const before = await leaseOf(ns, later.membership);
    expect(before?.metadata?.annotations?.[SHARD_RANGES_ANNOTATION]).toBe('5'); // still live: not written
    expect(later.membership.fresh()).toBe(false);
    await starting;
    const lease = await leaseOf(ns, later.membership);
    expect(lease?.spec?.holderIdentity).toBe('a');
    expect(lease?.metadata?.annotations?.[SHARD_RANGES_ANNOTATION]).toBe('');
    expect(later.membership.fresh()).toBe(true);
    await eventually(() => expect(byIdentity(observer.membership).a).toMatchObject({ live: true, holds: new Set() }));
  }, 60_000);

  it('refuses to start when a Lease of its name is held by another identity', async () => {
    const ns = await newNamespace(api, 'shard-member');
    const a = member(ns, 'a');
    await api.create({
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { namespace: ns, name: a.membership.leaseName, labels: { [SHARD_GROUP_LABEL]: 'widgets' } },
      spec: { holderIdentity: 'someone-else', leaseDurationSeconds: 3 },
    });
    await expect(a.start()).rejects.toThrow(
      `unable to create Lease ${ns}/${a.membership.leaseName}: it exists and is held by someone-else`,
    );
  }, 60_000);
});
