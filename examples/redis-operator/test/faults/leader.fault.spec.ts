/**
 * Two operator processes with leader election on one Lease. The leader is SIGKILLed in the
 * middle of a burst and the standby takes over; the API server's audit log shows no write
 * of the standby before the last write of the old leader. Then the new leader gets SIGTERM
 * with reconciles in flight: it exits 0 within its shutdown timeout, releases the Lease,
 * and a third process takes over at once. Every change converges.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { ApiClient } from '@operant/core/client';
import { Lease } from '@operant/core/kinds';
import { eventually } from '@operant/testing';
import { describeOrSkip, useControlPlane } from '@operant/testing/jest';
import { report } from './fixtures/figures.js';
import { Fleet } from './fixtures/fleet.js';
import { auditedWrites, auditFlags, type OperatorProcess, spawnOperator } from './fixtures/operator-child.js';
import { faultControlPlane } from './fixtures/scenario.js';

const audit = auditFlags();
const { options, skip } = faultControlPlane({ apiServerFlags: audit.flags });
const settings = { leaseNamespace: 'leader-election', registryNamespace: 'leader-registry', shutdownTimeoutMs: 20_000 };
const lease = { namespace: settings.leaseNamespace, name: 'redis-operator.cache.example.com' };
const acquired = /successfully acquired lease/;

describeOrSkip(`fault: leader loss`, skip, () => {
  const env = useControlPlane(options);
  let api: ApiClient;
  let fleet: Fleet;
  const processes: OperatorProcess[] = [];
  const start = async (user: string) => {
    const p = await spawnOperator(env, user, settings);
    processes.push(p);
    return p;
  };

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: env.kubeConfig() });
    fleet = new Fleet(api, { namespace: 'leader', registryNamespace: settings.registryNamespace });
    await fleet.setUp();
    await api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: settings.leaseNamespace } });
  }, 60_000);

  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
  });

  const operatorWrites = (user: string) =>
    auditedWrites(audit.path).filter((w) => w.user === user && w.resource !== 'leases' && w.code < 400);

  it('lets a standby take over from a SIGKILLed leader, never both at once', async () => {
    const a = await start('operator-a');
    await eventually(() => expect(a.output()).toMatch(acquired), 60_000);
    const b = await start('operator-b');
    await eventually(() => expect(b.output()).toMatch(/attempting to acquire/), 60_000);
    await fleet.burst({ creates: 8 });
    const burst = fleet.burst({ creates: 8, updates: 10, deletes: 4 });
    await eventually(() => expect(operatorWrites('operator-a').length).toBeGreaterThan(10), 60_000);
    a.child.kill('SIGKILL');
    const killed = Date.now();
    await burst;
    await eventually(() => expect(b.output()).toMatch(acquired), 60_000);
    const { ms, lost } = await fleet.waitConverged();
    expect(lost).toBe(0);

    const byA = operatorWrites('operator-a');
    const byB = operatorWrites('operator-b');
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
    const lastA = Math.max(...byA.map((w) => w.completed));
    const firstB = Math.min(...byB.map((w) => w.received));
    expect(firstB).toBeGreaterThan(lastA); // no overlap
    const bLeads = auditedWrites(audit.path).find(
      (w) => w.user === 'operator-b' && w.resource === 'leases' && w.code < 400 && w.received > killed - 1000,
    );
    report('leader SIGKILLed mid-burst', {
      clusters: fleet.ledger.size,
      writesByOldLeader: byA.length,
      writesByNewLeader: byB.length,
      overlappingWrites: byB.filter((w) => w.received <= lastA).length,
      gapMs: firstB - lastA,
      takeoverMs: (bLeads?.completed ?? Number.NaN) - killed,
      convergeMs: ms,
      lost,
    });
  });

  it('finishes in-flight reconciles on SIGTERM, releases the Lease, and a new process takes over', async () => {
    const b = processes[1] as OperatorProcess;
    const before = b.output().length;
    const burst = fleet.burst({ creates: 10, updates: 6 });
    await eventually(() => expect(b.output().slice(before)).toMatch(/"reconciled"/), 60_000);
    b.child.kill('SIGTERM');
    const signalled = Date.now();
    const exit = await b.exited;
    expect(exit.code).toBe(0);
    const afterSignal = b.output().slice(before);
    expect(afterSignal).not.toMatch(/graceful shutdown timeout/);
    expect(afterSignal).toMatch(/operator process stopped/);
    const held = await api.get(Lease, lease);
    expect(held.spec?.holderIdentity ?? '').toBe('');
    await burst;

    const c = await start('operator-c');
    const started = Date.now();
    await eventually(() => expect(c.output()).toMatch(acquired), 60_000);
    const takeoverMs = Date.now() - started;
    const { ms, lost } = await fleet.waitConverged();
    expect(lost).toBe(0);
    report('SIGTERM with reconciles in flight', {
      exitCode: exit.code ?? 'signal',
      shutdownMs: exit.at - signalled,
      shutdownTimeoutMs: settings.shutdownTimeoutMs,
      reconcilesFinishedAfterSignal:
        (afterSignal.split('stopping the manager')[1] ?? '').split('"reconciled"').length - 1,
      leaseReleased: (held.spec?.holderIdentity ?? '') === '',
      newLeaderAcquiredMs: takeoverMs,
      convergeMs: ms,
      lost,
    });
  });
});
