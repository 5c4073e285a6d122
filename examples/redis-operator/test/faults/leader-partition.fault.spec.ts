/**
 * A leader cut off from the API server, on a short Lease (4 s; renew deadline 3 s, retry
 * 0.5 s). In both cases the old leader reports the leadership lost before its Lease can
 * expire for anyone else (within the Lease duration of the end of its last successful
 * renewal, as the audit log dates it) and exits 1 with one JSON line saying so.
 *
 * First the leader reaches the API server through a proxy that becomes a black hole for
 * 1.5 Lease durations, while the standby, direct, takes over and changes keep coming; the
 * API server's audit log shows every write of the old leader (of any kind, answered or not)
 * before the standby's first successful write of the Lease. Then kube-apiserver itself is
 * stopped (SIGSTOP) for two Lease durations: the leader exits before it is resumed, writes
 * nothing after, and the standby takes over. Every change converges.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { ApiClient } from '@operant/core/client';
import { eventually } from '@operant/testing';
import { describeOrSkip, useControlPlane } from '@operant/testing/jest';
import { report } from './fixtures/figures.js';
import { Fleet } from './fixtures/fleet.js';
import {
  type AuditedWrite,
  auditedWrites,
  auditFlags,
  type OperatorProcess,
  spawnOperator,
} from './fixtures/operator-child.js';
import { PartitionProxy } from './fixtures/partition-proxy.js';
import { faultControlPlane, sleep } from './fixtures/scenario.js';

const audit = auditFlags();
const { options, skip } = faultControlPlane({ apiServerFlags: audit.flags });
const LEASE_MS = 4000;
const PARTITION_MS = 1.5 * LEASE_MS;
const STOP_MS = 2 * LEASE_MS;
const settings = {
  leaseNamespace: 'partition-election',
  registryNamespace: 'partition-registry',
  shutdownTimeoutMs: 20_000,
  leaseMs: LEASE_MS,
};
const acquired = /successfully acquired lease/;

/** The lines of `runOperator`'s failure report (one JSON object each). */
const failureLines = (p: OperatorProcess) =>
  p
    .output()
    .split('\n')
    .filter((line) => line.includes('"unable to run the manager"'));

/** When `p` logged the loss of its leadership (its log line's `ts`), or NaN. */
function lostLoggedAt(p: OperatorProcess): number {
  const line = p
    .output()
    .split('\n')
    .find((l) => l.includes('"leader election lost"'));
  return line === undefined ? Number.NaN : Date.parse(JSON.parse(line).ts);
}

describeOrSkip(`fault: leader cut off from the API server`, skip, () => {
  const env = useControlPlane(options);
  let api: ApiClient;
  let fleet: Fleet;
  let proxy: PartitionProxy;
  const processes: OperatorProcess[] = [];
  const start = async (user: string, via?: PartitionProxy) => {
    const p = await spawnOperator(env, user, { ...settings, via: via && ((kc) => via.kubeConfigFor(kc)) });
    processes.push(p);
    return p;
  };
  const writesBy = (user: string) => auditedWrites(audit.path).filter((w) => w.user === user);
  const actions = (user: string) => writesBy(user).filter((w) => w.resource !== 'leases' && w.code < 400);
  const leaseWrites = (user: string) => writesBy(user).filter((w) => w.resource === 'leases' && w.code < 400);
  /** The first successful write of the Lease by `user` after `since`. */
  const leaseTaken = (user: string, since: number): AuditedWrite | undefined =>
    leaseWrites(user).find((w) => w.received >= since);
  /** When the last successful renewal of `user` before `since` completed. */
  const lastRenewal = (user: string, since: number) =>
    Math.max(
      ...leaseWrites(user)
        .filter((w) => w.completed < since)
        .map((w) => w.completed),
    );
  /** Waits for `p` to exit, at most `ms`. */
  const exitOf = (p: OperatorProcess, ms: number) => Promise.race([p.exited, sleep(ms).then(() => undefined)]);

  beforeAll(async () => {
    proxy = new PartitionProxy(new URL(env.server));
    await proxy.start();
    api = new ApiClient({ kubeConfig: env.kubeConfig() });
    fleet = new Fleet(api, { namespace: 'partition', registryNamespace: settings.registryNamespace });
    await fleet.setUp();
    await api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: settings.leaseNamespace } });
  }, 60_000);

  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await proxy?.stop();
  });

  it('stops the partitioned leader before the standby takes the Lease', async () => {
    const a = await start('operator-a', proxy);
    await eventually(() => expect(a.output()).toMatch(acquired), 60_000);
    const b = await start('operator-b');
    await eventually(() => expect(b.output()).toMatch(/attempting to acquire/), 60_000);
    await fleet.burst({ creates: 8 });
    await eventually(() => expect(actions('operator-a').length).toBeGreaterThan(5), 60_000);

    proxy.partition();
    const cut = Date.now();
    const burst = fleet.burst({ creates: 6, updates: 8, deletes: 2 });
    await sleep(PARTITION_MS);
    proxy.heal();
    const healed = Date.now();
    await burst;
    const exit = await exitOf(a, 30_000);
    await eventually(() => expect(b.output()).toMatch(acquired), 30_000);
    const { ms, lost } = await fleet.waitConverged();

    const taken = leaseTaken('operator-b', cut);
    const byA = writesBy('operator-a');
    const lastActionA = Math.max(...actions('operator-a').map((w) => w.completed));
    const lastWriteA = Math.max(...byA.map((w) => w.completed));
    const renewed = lastRenewal('operator-a', cut);
    report('leader partitioned from the API server (black hole, 1.5 lease durations)', {
      leaseMs: LEASE_MS,
      partitionMs: healed - cut,
      oldLeaderLastRenewalMs: renewed - cut,
      standbyAcquiredMs: (taken?.received ?? Number.NaN) - cut,
      oldLeaderLostLoggedMs: lostLoggedAt(a) - cut,
      oldLeaderLastActionMs: lastActionA - cut,
      oldLeaderLastWriteMs: lastWriteA - cut,
      oldLeaderWritesAfterTakeover: byA.filter((w) => w.completed >= (taken?.received ?? 0)).length,
      oldLeaderExitMs: (exit?.at ?? Number.NaN) - cut,
      oldLeaderExitCode: exit?.code ?? 'none',
      convergeMs: ms,
      lost,
    });
    expect(taken).toBeDefined();
    const takenAt = (taken as AuditedWrite).received;
    expect(lostLoggedAt(a)).toBeLessThan(renewed + LEASE_MS);
    expect(lostLoggedAt(a)).toBeLessThan(takenAt);
    expect(lastActionA).toBeLessThan(takenAt);
    expect(lastWriteA).toBeLessThan(takenAt); // not even a refused attempt after the takeover
    expect(exit?.code).toBe(1);
    expect(failureLines(a)).toHaveLength(1);
    expect(failureLines(a)[0]).toMatch(/leader election lost/);
    expect(lost).toBe(0);
  });

  it('stops the leader while kube-apiserver is stopped, before it can act again', async () => {
    const b = processes[1] as OperatorProcess;
    const c = await start('operator-c');
    await eventually(() => expect(c.output()).toMatch(/attempting to acquire/), 60_000);
    await fleet.burst({ creates: 4, updates: 4 });
    await fleet.waitConverged();

    const apiserver = env.pids()['kube-apiserver'] as number;
    process.kill(apiserver, 'SIGSTOP');
    const stopped = Date.now();
    let burst: Promise<void>;
    try {
      burst = fleet.burst({ creates: 4, updates: 6, deletes: 2 }); // sent now, answered after the resume
      await sleep(STOP_MS);
    } finally {
      process.kill(apiserver, 'SIGCONT'); // never leave it stopped
    }
    const resumed = Date.now();
    await burst;
    const exit = await exitOf(b, 30_000);
    await eventually(() => expect(c.output()).toMatch(acquired), 30_000);
    const { ms, lost } = await fleet.waitConverged();

    const taken = leaseTaken('operator-c', stopped);
    const lateActions = actions('operator-b').filter((w) => w.received >= resumed);
    const renewed = lastRenewal('operator-b', stopped);
    report('kube-apiserver SIGSTOP for 2 lease durations', {
      leaseMs: LEASE_MS,
      stopMs: resumed - stopped,
      oldLeaderLastRenewalMs: renewed - stopped,
      oldLeaderLostLoggedMs: lostLoggedAt(b) - stopped,
      oldLeaderExitMs: (exit?.at ?? Number.NaN) - stopped,
      oldLeaderExitCode: exit?.code ?? 'none',
      oldLeaderActionsAfterResume: lateActions.length,
      standbyAcquiredMs: (taken?.received ?? Number.NaN) - stopped,
      convergeMs: ms,
      lost,
    });
    expect(lostLoggedAt(b)).toBeLessThan(renewed + LEASE_MS);
    expect(exit?.code).toBe(1);
    expect((exit as { at: number }).at).toBeLessThan(resumed);
    expect(failureLines(b)).toHaveLength(1);
    expect(failureLines(b)[0]).toMatch(/leader election lost/);
    expect(lateActions).toEqual([]);
    expect(taken).toBeDefined();
    expect(lost).toBe(0);
  });
});
