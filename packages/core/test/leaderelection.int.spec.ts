/**
 * Leader election on the real control plane: two managers with one leaderElectionID — only
 * the leader reconciles; a clean stop (lease released) hands over within a retry period; a
 * stop without release (a crash, as far as the Lease can tell) hands over after the lease
 * expires; the reconcile audit shows the two never ran at the same time.
 */
import { beforeAll, expect, it } from '@jest/globals';
import { V1Lease } from '@kubernetes/client-node';
import { eventually } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { controllerManagedBy } from '../src/builder/builder.js';
import { ApiClient } from '../src/client/api-client.js';
import { newManager } from '../src/manager/manager.js';
import {
  installWidgetCrd,
  leaderCandidateOptions,
  newNamespace,
  startManager,
  useCleanups,
  type Widget,
  WidgetType,
} from './fixtures/helpers.js';

interface Interval {
  who: string;
  start: number;
  end: number;
}

describeWithControlPlane('leader election', () => {
  const kc = sharedKubeConfig();
  const api = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();

  beforeAll(async () => {
    await installWidgetCrd(api);
  }, 60_000);

  /** A manager named `who` that records every reconcile's interval; returns a stop function. */
  function candidate(who: string, ns: string, id: string, audit: Interval[], releaseOnCancel: boolean) {
    const mgr = newManager({ kubeConfig: kc, ...leaderCandidateOptions(ns, id, releaseOnCancel) });
    controllerManagedBy(mgr)
      .for(WidgetType)
      .complete({
        async reconcile() {
          const start = Date.now();
          await new Promise((resolve) => setTimeout(resolve, 20));
          audit.push({ who, start, end: Date.now() });
        },
      });
    return { mgr, halt: startManager(mgr, cleanup) };
  }

  const touch = (ns: string, name: string) =>
    api.create<Widget>({ apiVersion: 'core.operant.test/v1', kind: 'Widget', metadata: { namespace: ns, name } });
  const holder = async (ns: string, id: string) =>
    (await api.get(V1Lease, { namespace: ns, name: id })).spec?.holderIdentity;

  async function handover(releaseOnCancel: boolean): Promise<{ ms: number; audit: Interval[] }> {
    const ns = await newNamespace(api, releaseOnCancel ? 'le-clean' : 'le-crash');
    const id = 'widgets.operant.test';
    const audit: Interval[] = [];
    const a = candidate('a', ns, id, audit, releaseOnCancel);
    await eventually(async () => expect(await holder(ns, id)).toBeTruthy());
    const b = candidate('b', ns, id, audit, releaseOnCancel);
    await touch(ns, 'w1');
    await eventually(() => expect(audit.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(new Set(audit.map((i) => i.who))).toEqual(new Set(['a'])); // only the leader reconciles
    const stoppedAt = Date.now();
    await a.halt();
    await touch(ns, 'w2');
    await eventually(() => expect(audit.some((i) => i.who === 'b')).toBe(true), 15_000);
    const ms = (audit.find((i) => i.who === 'b') as Interval).start - stoppedAt;
    await b.halt();
    return { ms, audit };
  }

  const neverOverlap = (audit: Interval[]) => {
    const a = audit.filter((i) => i.who === 'a');
    const b = audit.filter((i) => i.who === 'b');
    for (const x of a) for (const y of b) expect(x.end <= y.start || y.end <= x.start).toBe(true);
  };

  it('hands over within about a retry period after a clean stop that releases the lease', async () => {
    const { ms, audit } = await handover(true);
    neverOverlap(audit);
    console.log(`leader election: clean-stop handover ${ms} ms (retry period 500 ms)`);
    expect(ms).toBeLessThan(2_000);
  }, 60_000);

  it('hands over after the lease expires when the leader stops without releasing it', async () => {
    const { ms, audit } = await handover(false);
    neverOverlap(audit);
    console.log(`leader election: crash handover ${ms} ms (lease 3000 ms + retry 500 ms)`);
    expect(ms).toBeGreaterThanOrEqual(2_500);
    expect(ms).toBeLessThan(3_000 + 500 + 2_500);
  }, 60_000);
});
