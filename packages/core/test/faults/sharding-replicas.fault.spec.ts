/**
 * Sharding across processes: replicas of a sharded ConfigMap operator
 * (fixtures/sharded-replica.mjs: lease 4 s, renew deadline 3 s, retry 0.5 s, 256 ranges) on
 * a control plane of its own (the envtest gate `ShardedListAndWatch` is on), 3,000 objects.
 * Every reconcile's span is recorded by its replica; no two spans of one object from
 * different replicas may overlap, at any step:
 *
 * 1. three replicas converge every object, each caching about a third;
 * 2. SIGKILL one: its objects are reconciled by the others within the lease duration plus
 *    one retry period (and the time to list and queue them), and converge;
 * 3. SIGSTOP an idle one for twice the lease: the other takes its ranges; woken, it starts
 *    no reconcile and exits (its Lease was deleted);
 * 4. back to three, then a fourth joins: about a quarter of the objects move, all to it.
 *
 * The figures (move time after the kill, per-replica cache sizes, moved fraction) are
 * printed as `[faults] sharding …` lines and appended to the fault figures file.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import { fnv1a64 } from '../../src/sharding/fnv.js';
import { rangeIndex } from '../../src/sharding/ranges.js';
import { eventually } from '../fixtures/helpers.js';
import { now, type Replica, ReplicaGroup, report } from './replica-group.js';
import { findOverlap, spansOf } from './spans.js';

const COUNT = 3_000;
const RANGES = 256;
const LEASE_MS = 4_000;
const RETRY_MS = 500;

const options = {};
describeOrSkip('fault: sharded replicas (several processes)', ownControlPlaneSkipReason(options), () => {
  const env = useControlPlane(options);
  let group: ReplicaGroup;
  let uidOf = new Map<string, string>(); // key → uid

  const start = (identity: string) => group.start(identity);
  const alive = () => group.alive();
  const spans = () => group.spans();
  const converged = (v: string, timeout: number, keys?: readonly string[]) => group.converged(v, timeout, keys);
  const settled = (count: number) => group.settled(count, RANGES);
  const noOverlap = () => group.noOverlap();
  const bump = (keys: string[], v: string) => group.bump(keys, v);
  const rangeOfKey = (key: string) => rangeIndex(fnv1a64(uidOf.get(key) as string), RANGES);

  /**
   * Polls the live replicas (one stats request at a time each) until their active ranges
   * cover all R; returns when that was first seen, in ms after `from`: an upper bound of
   * the moment the last range got a holder again, by at most one poll.
   */
  async function allRangesActive(from: number): Promise<number> {
    return eventually(
      async () => {
        const stats = await Promise.all(alive().map((r) => r.stats()));
        expect(new Set(stats.flatMap((s) => s.active)).size).toBe(RANGES);
        return now() - from;
      },
      { timeout: 60_000, interval: 100 },
    );
  }

  beforeAll(async () => {
    group = await ReplicaGroup.create(env.kubeConfig(), 'replicas', COUNT);
    const { api, namespace } = group.options;
    const list = await api.list(V1ConfigMap, { namespace, labelSelector: 'suite=replicas' });
    uidOf = new Map(list.items.map((o) => [`${namespace}/${o.metadata?.name}`, o.metadata?.uid as string]));
  }, 240_000);

  afterAll(() => group?.dispose());

  it('(the overlap check finds two replicas’ overlapping spans of one object, and only those)', () => {
    const span = (replica: string, key: string, start: number, end?: number) => ({ replica, key, start, end });
    expect(findOverlap([span('a', 'k', 0, 10), span('b', 'k', 10, 20), span('a', 'j', 5, 30)], () => 99)).toBe(
      undefined,
    );
    expect(findOverlap([span('a', 'k', 0, 10), span('a', 'k', 5, 20)], () => 99)).toBe(undefined); // one replica
    expect(findOverlap([span('a', 'k', 0, 10), span('b', 'k', 9, 20)], () => 99)).toMatch(/^k: a .* and b/);
    expect(findOverlap([span('a', 'k', 0), span('b', 'k', 50, 60)], () => 40)).toBe(undefined); // open until 40
    expect(findOverlap([span('a', 'k', 0), span('b', 'k', 50, 60)], () => 70)).toMatch(/^k: a/);
    const lines = spansOf([
      { span: 'a/1', key: 'k', start: 1 },
      { span: 'a/1', key: 'k', end: 2 },
      { span: 'b/1', key: 'k', start: 3 },
    ]);
    expect(lines).toEqual([span('a', 'k', 1, 2), span('b', 'k', 3, undefined)]);
  });

  it('three replicas converge 3,000 objects, each caching about a third, never two at once', async () => {
    for (const id of ['r1', 'r2', 'r3']) start(id);
    await converged('1', 120_000);
    const stats = await settled(3);
    for (const s of stats) {
      expect(s.objects).toBeGreaterThan((COUNT / 3) * 0.7);
      expect(s.objects).toBeLessThan((COUNT / 3) * 1.3);
    }
    const count = noOverlap();
    expect(count).toBeGreaterThanOrEqual(COUNT);
    report('sharding: 3 replicas, 3,000 objects', {
      cacheObjects: stats.map((s) => `${s.identity}=${s.objects}`).join(' '),
      activeRanges: stats.map((s) => `${s.identity}=${s.active.length}`).join(' '),
      reconciles: count,
    });
  }, 240_000);

  it('moves a killed replica’s objects to the others within the lease duration plus a retry period', async () => {
    const victim = group.replicas.get('r3') as Replica;
    const lost = new Set((await victim.stats()).active);
    const keys = [...uidOf.keys()].filter((k) => lost.has(rangeOfKey(k)));
    victim.child.kill('SIGKILL');
    const killedAt = now();
    await victim.exited;
    const [rangesHeldMs] = await Promise.all([allRangesActive(killedAt), bump(keys, '2')]);
    await converged('2', 120_000, keys);
    // when each of its objects was first reconciled elsewhere after the kill
    const after = spans().filter((s) => s.start > killedAt && s.replica !== 'r3' && lost.has(rangeOfKey(s.key)));
    const first = new Map<string, number>();
    for (const s of after) first.set(s.key, Math.min(first.get(s.key) ?? Number.POSITIVE_INFINITY, s.start));
    expect(first.size).toBe(keys.length);
    const firstMove = Math.min(...first.values()) - killedAt;
    const lastMove = Math.max(...first.values()) - killedAt;
    // the bound of docs/sharding.md: lease duration + one retry period, plus listing and queueing the ranges
    expect(firstMove).toBeLessThan(LEASE_MS + RETRY_MS + 3_000);
    // "every range has a holder within leaseDuration + one retry period" (the slack: the
    // expired Lease's delete, the quorum read and a poll)
    expect(rangesHeldMs).toBeLessThan(LEASE_MS + RETRY_MS + 3_000);
    const stats = await settled(2);
    noOverlap();
    report('sharding: SIGKILL one of 3 replicas', {
      movedObjects: keys.length,
      movedRanges: lost.size,
      allRangesHeldAgainMs: Math.round(rangesHeldMs),
      firstReconcileElsewhereMs: Math.round(firstMove),
      allReconciledElsewhereMs: Math.round(lastMove),
      boundMs: LEASE_MS + RETRY_MS,
      cacheObjects: stats.map((s) => `${s.identity}=${s.objects}`).join(' '),
    });
  }, 240_000);

  it('a replica stopped for longer than its lease starts nothing when it wakes, and exits', async () => {
    const sleeper = group.replicas.get('r2') as Replica;
    const lost = new Set((await sleeper.stats()).active);
    sleeper.child.kill('SIGSTOP');
    const stoppedAt = now();
    await new Promise((resolve) => setTimeout(resolve, 2 * LEASE_MS));
    const keys = [...uidOf.keys()].filter((k) => lost.has(rangeOfKey(k)));
    await bump(keys, '3');
    await converged('3', 120_000, keys);
    const wokenAt = now();
    sleeper.child.kill('SIGCONT');
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      sleeper.exited,
      new Promise<'running'>((resolve) => {
        timer = setTimeout(() => resolve('running'), 30_000);
      }),
    ]);
    clearTimeout(timer);
    expect(code).not.toBe('running');
    expect(code).not.toBe(0);
    const late = spans().filter((s) => s.replica === 'r2' && s.start >= stoppedAt);
    expect(late).toEqual([]);
    noOverlap();
    report('sharding: SIGSTOP one replica for 2× its lease', {
      lostRanges: lost.size,
      reconcilesAfterWaking: late.length,
      exitCode: String(code),
      stoppedMs: Math.round(wokenAt - stoppedAt),
    });
  }, 240_000);

  it('a fourth replica takes about a quarter of the objects, all from the others, none reconciled twice at once', async () => {
    start('r4');
    start('r5');
    const three = await settled(3);
    const holder = new Map<number, string>(three.flatMap((s) => s.active.map((r) => [r, s.identity])));
    start('r6');
    const four = await settled(4);
    const after = new Map<number, string>(four.flatMap((s) => s.active.map((r) => [r, s.identity])));
    const movedKeys = [...uidOf.keys()].filter((k) => holder.get(rangeOfKey(k)) !== after.get(rangeOfKey(k)));
    const fraction = movedKeys.length / COUNT;
    expect(movedKeys.every((k) => after.get(rangeOfKey(k)) === 'r6')).toBe(true);
    expect(fraction).toBeGreaterThan(0.25 * 0.6);
    expect(fraction).toBeLessThan(0.25 * 1.4);
    // the newcomer reconciles what it took (queued on activation)
    await eventually(
      () => {
        const byR6 = new Set(
          spans()
            .filter((s) => s.replica === 'r6')
            .map((s) => s.key),
        );
        expect(movedKeys.filter((k) => !byR6.has(k))).toEqual([]);
      },
      { timeout: 60_000, interval: 500 },
    );
    noOverlap();
    const byNewcomer = spans().filter((s) => s.replica === 'r6').length;
    report('sharding: a fourth replica joins 3', {
      movedObjects: movedKeys.length,
      movedFraction: Number(fraction.toFixed(3)),
      cacheObjects: four.map((s) => `${s.identity}=${s.objects}`).join(' '),
      reconcilesByNewcomer: byNewcomer,
    });
  }, 240_000);
});
