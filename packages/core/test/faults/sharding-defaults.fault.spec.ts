/**
 * Sharded replicas at the defaults (4,096 ranges, the API server's `shardSelector`: the
 * envtest gate `ShardedListAndWatch` is on) on a control plane of their own, as the
 * scaffold's config/sharding runs them: replicas of fixtures/sharded-replica.mjs (lease 4 s,
 * renew deadline 3 s, retry 0.5 s) share 600 ConfigMaps. Every member's selector must fit
 * the wire, so every object converges:
 *
 * 1. three replicas converge every object;
 * 2. SIGKILL one: the two left converge every object;
 * 3. three join: the five converge every object;
 * 4. a replica with another range count (1,024) joins the group: it is refused (holds
 *    nothing, its readiness check `sharding` fails, it logs both configurations, its
 *    `operant_shard_config_mismatch` counts the five and theirs count it), and the five
 *    still converge every object.
 *
 * No two replicas reconcile one object at once at any step. The figures (objects never
 * reconciled, each member's selector in bytes of query string) are printed as
 * `[faults] sharding …` lines and appended to the fault figures file.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import { assignRanges } from '../../src/sharding/assign.js';
import { shardRanges } from '../../src/sharding/ranges.js';
import { shardSelector } from '../../src/sharding/selector.js';
import { eventually } from '../fixtures/helpers.js';
import { type Replica, ReplicaGroup, report, type Stats } from './replica-group.js';

const COUNT = 600;
const RANGES = 4096;
const DEFAULT = { RANGES: 'default' };

const options = {};
describeOrSkip('fault: sharded replicas at the default ranges', ownControlPlaneSkipReason(options), () => {
  const env = useControlPlane(options);
  let group: ReplicaGroup;
  let keys: string[] = [];

  /** Each member's `shardSelector` for its share among `members`, in bytes of query string. */
  const selectorBytes = (members: readonly string[]) => {
    const all = shardRanges(RANGES);
    return [...assignRanges(all, members)].map(([member, owned]) => {
      const selector = shardSelector(
        'uid',
        owned.map((r) => all[r] as (typeof all)[number]),
      );
      return `${member}=${new URLSearchParams({ shardSelector: selector }).toString().length}`;
    });
  };

  /**
   * Bumps every object to `v`, waits up to `timeout` for it to converge, and reports how
   * many objects no replica reconciled at all and how many stayed behind, before asserting.
   */
  async function convergeAll(scenario: string, v: string, members: readonly Replica[]): Promise<Stats[]> {
    if (v !== '1') await group.bump(keys, v);
    const startedAt = performance.now();
    let behind: string[] = [];
    try {
      await group.converged(v, 60_000);
    } catch {
      behind = await group.behind(v);
    }
    const reconciled = new Set(group.spans().map((s) => s.key));
    const stats = await Promise.all(members.map((r) => r.stats()));
    report(`sharding at the defaults: ${scenario}`, {
      objects: COUNT,
      behind: behind.length,
      neverReconciled: keys.filter((k) => !reconciled.has(k)).length,
      convergedMs: behind.length === 0 ? Math.round(performance.now() - startedAt) : undefined,
      selectorBytes: selectorBytes(members.map((r) => r.identity)).join(' '),
      cacheObjects: stats.map((s) => `${s.identity}=${s.objects}`).join(' '),
      modes: [...new Set(stats.map((s) => s.mode))].join(','),
    });
    expect(behind).toEqual([]);
    const settled = await group.settled(members.length, RANGES, [...members]);
    group.noOverlap();
    return settled;
  }

  beforeAll(async () => {
    group = await ReplicaGroup.create(env.kubeConfig(), 'defaults', COUNT);
    keys = group.keys();
  }, 240_000);

  afterAll(() => group?.dispose());

  it('three replicas converge every object, each listing its share with the shard selector', async () => {
    const three = ['r1', 'r2', 'r3'].map((id) => group.start(id, DEFAULT));
    const stats = await convergeAll('3 replicas', '1', three);
    expect(stats.every((s) => s.mode === 'server')).toBe(true);
  }, 240_000);

  it('the two left after a SIGKILL converge every object', async () => {
    const victim = group.replicas.get('r3') as Replica;
    victim.child.kill('SIGKILL');
    await victim.exited;
    await convergeAll('SIGKILL one of 3', '2', group.alive());
  }, 240_000);

  it('five replicas converge every object after three join', async () => {
    for (const id of ['r4', 'r5', 'r6']) group.start(id, DEFAULT);
    await convergeAll('3 join 2', '3', group.alive());
  }, 240_000);

  it('refuses a member with another range count, says so, and the others still converge', async () => {
    const five = group.alive();
    const odd = group.start('odd', { RANGES: '1024' });
    const refused = await eventually(
      async () => {
        const s = await odd.stats();
        expect(s.ready).toMatch(/uid\/1024.*uid\/4096|uid\/4096.*uid\/1024/);
        expect(s.mismatch).toBe(5); // the five members of the group's configuration
        return s;
      },
      { timeout: 30_000, interval: 500 },
    );
    expect(refused.held).toEqual([]);
    const line = odd
      .log()
      .split('\n')
      .find((l) => l.includes('shard configuration'));
    expect(line).toMatch(/"identity":"odd"/);
    expect(line).toMatch(/"otherIdentity":"r\d"/);
    // each of the five sees the newcomer at its own next list of the group (every retry period)
    await eventually(
      async () => {
        const others = await Promise.all(five.map((r) => r.stats()));
        expect(others.map((s) => s.mismatch)).toEqual(five.map(() => 1));
        expect(others.map((s) => s.ready)).toEqual(five.map(() => 'ok'));
      },
      { timeout: 10_000, interval: 250 },
    );
    await convergeAll('5 replicas and a refused one', '4', five);
    expect(group.spans().filter((s) => s.replica === 'odd')).toEqual([]);
    report('sharding at the defaults: a member with 1,024 ranges joins 5 with 4,096', {
      refusedReady: refused.ready,
      logLine: line,
    });
  }, 240_000);
});
