/**
 * ShardCoordinator's hand-off, driven round by round over an in-memory group of Leases with
 * a manual clock (the real membership and API server are exercised by the envtest and the
 * multi-process specs). The group refuses what the API server does: writing a deleted
 * Lease fails, deleting a live one is refused, liveness is what a member has observed.
 */
import { describe, expect, it } from '@jest/globals';
import { type LogFields, type Logger, noopLogger } from '../api/logger.js';
import type { ShardScope } from '../cache/shard-scope.js';
import { type Members, ShardCoordinator } from './coordinator.js';
import type { MemberView } from './member-view.js';

const LEASE = 1000;
const RENEW_DEADLINE = 700;

class Group {
  now = 0;
  readonly leases = new Map<string, { holds: Set<number>; rv: number; config: string; since: string }>();
  private rv = 0;
  /** identity → lease identity → [rv seen, when seen] */
  readonly observed = new Map<string, Map<string, [number, number]>>();

  /** A write; `since` (the Lease's acquireTime) is the time of its first write. */
  write(identity: string, holds: Iterable<number>, config: string): void {
    const since = this.leases.get(identity)?.since ?? String(this.now).padStart(12, '0');
    this.leases.set(identity, { holds: new Set(holds), rv: ++this.rv, config, since });
  }
}

class FakeMember implements Members {
  lastRenew = 0;
  lostWith: Error | undefined;
  frozen = false;
  private listeners = new Set<() => void>();
  /** What its Lease says (the coordinator's configuration, once its mode is decided). */
  config = '';
  constructor(
    readonly group: Group,
    readonly identity: string,
  ) {}
  async start(_signal: AbortSignal, lost: (err: Error) => void): Promise<void> {
    this.onLost = lost;
    this.group.write(this.identity, [], this.config);
    this.lastRenew = this.group.now;
    this.observe();
  }
  private onLost: ((err: Error) => void) | undefined;
  /** A retry period: renew (unless frozen) and observe the group. */
  renew(): void {
    if (this.frozen || this.lostWith) return;
    const own = this.group.leases.get(this.identity);
    if (own === undefined) {
      this.lostWith = new Error('Lease deleted');
      this.onLost?.(this.lostWith);
      return;
    }
    this.group.write(this.identity, own.holds, this.config);
    this.lastRenew = this.group.now;
    this.observe();
  }
  private observe(): void {
    const seen = this.group.observed.get(this.identity) ?? new Map<string, [number, number]>();
    this.group.observed.set(this.identity, seen);
    for (const [id, lease] of this.group.leases) {
      const before = seen.get(id);
      if (before === undefined || before[0] !== lease.rv) seen.set(id, [lease.rv, this.group.now]);
    }
    for (const id of [...seen.keys()]) if (!this.group.leases.has(id)) seen.delete(id);
    for (const l of this.listeners) l();
  }
  view(): MemberView[] {
    const seen = this.group.observed.get(this.identity) ?? new Map();
    return [...seen.entries()].map(([id, [, at]]) => {
      const lease = this.group.leases.get(id);
      return {
        identity: id,
        self: id === this.identity,
        live: id === this.identity ? this.fresh() : this.group.now - at < LEASE,
        holds: lease?.holds ?? new Set<number>(),
        config: lease?.config,
        since: lease?.since ?? '',
        resourceVersion: String(lease?.rv ?? ''),
      };
    });
  }
  fresh(): boolean {
    return this.lostWith === undefined && this.group.now - this.lastRenew < RENEW_DEADLINE;
  }
  async setHolds(ranges: Iterable<number>): Promise<void> {
    if (!this.group.leases.has(this.identity)) throw new Error('unable to update Lease: not found');
    this.group.write(this.identity, ranges, this.config);
    this.lastRenew = this.group.now;
    this.observe();
  }
  async refresh(): Promise<MemberView[]> {
    this.observe();
    return this.view();
  }
  async deleteExpired(identity: string): Promise<boolean> {
    const other = this.view().find((m) => m.identity === identity);
    if (other?.live) return false;
    this.group.leases.delete(identity);
    return true;
  }
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  async release(): Promise<void> {
    this.group.leases.delete(this.identity);
  }
}

interface Replica {
  member: FakeMember;
  coordinator: ShardCoordinator;
  scopes: (ShardScope | null)[];
}

interface Extras {
  ranges?: number;
  logger?: Logger;
  /** `operant_shard_config_mismatch`, as last set. */
  mismatch?: { count: number };
}

async function join(group: Group, identity: string, extras: Extras = {}): Promise<Replica> {
  const member = new FakeMember(group, identity);
  const scopes: (ShardScope | null)[] = [];
  const noop = () => undefined;
  const coordinator = new ShardCoordinator({
    members: member,
    key: 'uid',
    ranges: extras.ranges ?? 64,
    mode: async () => 'server',
    retryPeriodMs: 100,
    logger: extras.logger ?? noopLogger,
    metrics: {
      members: noop,
      ranges: noop,
      moved: noop,
      mismatched: (count) => {
        if (extras.mismatch) extras.mismatch.count = count;
      },
    },
  });
  coordinator.addKind({ role: 'for', apply: async (scope) => void scopes.push(scope) });
  await coordinator.prepare();
  member.config = coordinator.config;
  await member.start(new AbortController().signal, () => undefined);
  return { member, coordinator, scopes };
}

/** No range active on two replicas at once. */
function assertFenced(replicas: Replica[]): void {
  const owner = new Map<number, string>();
  for (const r of replicas) {
    if (!r.member.fresh()) continue;
    for (const range of r.coordinator.state().active) {
      expect(owner.get(range)).toBeUndefined();
      owner.set(range, r.member.identity);
    }
  }
}

/** Rounds: each live replica renews and steps, in turn; the fence is checked after every step. */
async function rounds(group: Group, replicas: Replica[], count: number, ms = 100): Promise<void> {
  for (let i = 0; i < count; i++) {
    group.now += ms;
    for (const r of replicas) {
      if (r.member.frozen || r.member.lostWith) continue;
      r.member.renew();
      if (r.member.lostWith) continue;
      await r.coordinator.step();
      assertFenced(replicas);
    }
  }
}

const activeOf = (replicas: Replica[]) => replicas.map((r) => r.coordinator.state().active.length);

describe('ShardCoordinator', () => {
  it('splits every range onto exactly one of three members, and narrows their informers to what they hold', async () => {
    const group = new Group();
    const replicas = [await join(group, 'a'), await join(group, 'b'), await join(group, 'c')];
    await rounds(group, replicas, 5);
    const counts = activeOf(replicas);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(64);
    expect(Math.min(...counts)).toBeGreaterThan(0);
    for (const r of replicas) {
      expect(r.scopes[0]).toBeNull(); // prepare: nothing before the first claim
      const last = r.scopes.at(-1);
      expect(last?.shardSelector).toContain("shardRange(object.metadata.uid, '0x");
    }
  });

  it('moves about a quarter of the ranges to a fourth member, never active on two at once', async () => {
    const group = new Group();
    const replicas = [await join(group, 'a'), await join(group, 'b'), await join(group, 'c')];
    await rounds(group, replicas, 5);
    const before = new Map(replicas.flatMap((r) => r.coordinator.state().active.map((x) => [x, r.member.identity])));
    replicas.unshift(await join(group, 'd')); // the newcomer steps first in every round
    await rounds(group, replicas, 6);
    expect(activeOf(replicas).reduce((x, y) => x + y, 0)).toBe(64);
    const taken = replicas[0]?.coordinator.state().active ?? [];
    expect(taken.length).toBeGreaterThan(64 / 4 - 10);
    expect(taken.length).toBeLessThan(64 / 4 + 10);
    for (const r of replicas.slice(1)) {
      for (const x of r.coordinator.state().active) expect(before.get(x)).toBe(r.member.identity);
    }
  });

  it('gives a range up only after its runs in flight settle; the new owner waits for that', async () => {
    const group = new Group();
    const a = await join(group, 'a');
    await rounds(group, [a], 3);
    expect(a.coordinator.state().active).toHaveLength(64);
    const runs = a.coordinator.state().active.map((r) => a.coordinator.admit(r));
    expect(runs.every((run) => run.admit)).toBe(true);
    const b = await join(group, 'b');
    await rounds(group, [a, b], 5);
    const wantedByB = a.coordinator.state().releasing;
    expect(wantedByB.length).toBeGreaterThan(0);
    expect(b.coordinator.state().active).toEqual([]); // a still holds them: runs in flight
    expect(a.coordinator.admit(wantedByB[0] as number)).toEqual({ admit: false }); // nothing new starts there
    for (const run of runs) if (run.admit) run.release();
    await rounds(group, [a, b], 4);
    expect(b.coordinator.state().active).toEqual(wantedByB);
    expect(a.coordinator.state().active.length + b.coordinator.state().active.length).toBe(64);
  });

  it('takes a dead member’s ranges after its Lease expires, deletes the Lease, and the woken member starts nothing', async () => {
    const group = new Group();
    const replicas = [await join(group, 'a'), await join(group, 'b'), await join(group, 'c')];
    await rounds(group, replicas, 5);
    const c = replicas[2] as Replica;
    const lost = c.coordinator.state().active;
    c.member.frozen = true;
    await rounds(group, replicas, 5); // 500 ms: not expired yet
    expect(activeOf(replicas.slice(0, 2)).reduce((x, y) => x + y, 0)).toBe(64 - lost.length);
    await rounds(group, replicas, 8); // past the lease duration
    expect(activeOf(replicas.slice(0, 2)).reduce((x, y) => x + y, 0)).toBe(64);
    expect(group.leases.has('c')).toBe(false);
    // woken: its renew deadline passed, so nothing starts; its next renew finds the Lease gone
    expect(c.coordinator.admit(lost[0] as number)).toEqual({ admit: false, retryAfterMs: 100 });
    c.member.frozen = false;
    c.member.renew();
    expect(c.member.lostWith?.message).toBe('Lease deleted');
  });

  it('writes its configuration on its Lease: key, ranges, ring points and mode', async () => {
    const group = new Group();
    const a = await join(group, 'a');
    expect(a.coordinator.config).toBe('uid/64/ring-128/server');
    expect(group.leases.get('a')?.config).toBe('uid/64/ring-128/server');
  });

  it('claims nothing while an older live member runs another configuration', async () => {
    const group = new Group();
    group.write('old', [1, 2, 3], 'uid/4096');
    group.now = 10;
    const a = await join(group, 'a');
    await rounds(group, [a], 3);
    group.write('old', [1, 2, 3], 'uid/4096'); // it renews
    await rounds(group, [a], 1);
    expect(a.coordinator.state().held).toEqual([]);
    expect(() => a.coordinator.check()).toThrow(
      "unable to take shard ranges: this member's configuration uid/64/ring-128/server differs from the group's, uid/4096 (its oldest member, old)",
    );
  });

  it('refuses a newer member of another configuration, says so on both sides, and counts it', async () => {
    const group = new Group();
    const logs: { identity: string; message: string; fields?: LogFields }[] = [];
    const recorder = (identity: string): Logger => {
      const logger: Logger = {
        error: (message, fields) => void logs.push({ identity, message, fields }),
        warn: () => undefined,
        info: (message, fields) => void logs.push({ identity, message, fields }),
        debug: () => undefined,
        child: () => logger,
      };
      return logger;
    };
    const mismatchA = { count: -1 };
    const mismatchX = { count: -1 };
    const a = await join(group, 'a', { logger: recorder('a'), mismatch: mismatchA });
    await rounds(group, [a], 3);
    group.now += 10;
    const x = await join(group, 'x', { ranges: 32, logger: recorder('x'), mismatch: mismatchX });
    await rounds(group, [a, x], 5);
    expect(x.coordinator.state().held).toEqual([]);
    expect(a.coordinator.state().active).toHaveLength(64);
    expect(() => x.coordinator.check()).toThrow(
      /configuration uid\/32\/ring-128\/server differs from the group's, uid\/64\/ring-128\/server \(its oldest member, a\)/,
    );
    // driven step by step, never started: only "not a member yet" is left
    expect(() => a.coordinator.check()).toThrow(/^not a member of its shard group yet$/);
    expect([mismatchA.count, mismatchX.count]).toEqual([1, 1]);
    const mismatch = logs.filter((l) => l.message.startsWith('shard configuration mismatch:'));
    // once each, not every round
    expect(mismatch.map((l) => [l.identity, l.fields])).toEqual([
      [
        'a',
        {
          identity: 'a',
          config: 'uid/64/ring-128/server',
          otherIdentity: 'x',
          otherConfig: 'uid/32/ring-128/server',
          groupConfig: 'uid/64/ring-128/server',
          refused: 'x',
        },
      ],
      [
        'x',
        {
          identity: 'x',
          config: 'uid/32/ring-128/server',
          otherIdentity: 'a',
          otherConfig: 'uid/64/ring-128/server',
          groupConfig: 'uid/64/ring-128/server',
          refused: 'x',
        },
      ],
    ]);
    // the group's last member of its configuration leaves: the other configuration takes over
    await a.member.release();
    await rounds(group, [x], 3);
    expect(x.coordinator.state().active).toHaveLength(32);
    expect(() => x.coordinator.check()).toThrow(/^not a member of its shard group yet$/);
    expect(mismatchX.count).toBe(0);
    expect(logs.filter((l) => l.message === 'shard configuration mismatch resolved').map((l) => l.identity)).toEqual([
      'x',
    ]);
  });

  it('lets the older of two members of different configurations that start together run, and only it', async () => {
    const group = new Group();
    const x = await join(group, 'x', { ranges: 32 });
    group.now += 10;
    const a = await join(group, 'a');
    // neither holds anything yet: the age of the Leases decides, not who claims first
    await rounds(group, [a, x], 6);
    expect(a.coordinator.state().held).toEqual([]);
    expect(x.coordinator.state().active).toHaveLength(32);
  });
});
