/**
 * Warm standby on the real control plane: two managers race for one Lease; the standby
 * (controller warm-up on, the default) lists and syncs the watched kind before it leads, so
 * after the leader stops and releases the Lease the standby's first reconcile follows its
 * election with no LIST in between; with `enableWarmup: false` it lists only once elected.
 * Either way, a Widget created while the standby is not leading is reconciled after the
 * handover (warm: queued unreconciled; cold: in the initial list).
 */
import { beforeAll, expect, it } from '@jest/globals';
import { eventually } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { controllerManagedBy } from '../src/builder/builder.js';
import { ApiClient } from '../src/client/api-client.js';
import type { Manager } from '../src/manager/interfaces.js';
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

describeWithControlPlane('leader election with warm standby replicas', () => {
  const kc = sharedKubeConfig();
  const api = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();

  beforeAll(async () => {
    await installWidgetCrd(api);
  }, 60_000);

  /**
   * A manager whose log records, in order, its Widget lists, paged or streaming (`list`), its election
   * (`elected`) and its reconciles (`reconcile <name>`).
   */
  function candidate(ns: string, id: string, warm: boolean) {
    const mgr = newManager({ kubeConfig: kc, ...leaderCandidateOptions(ns, id, true) });
    const log: string[] = [];
    mgr.rest.onRequest(({ method, url }) => {
      const list = url.searchParams.get('watch') !== 'true' || url.searchParams.get('sendInitialEvents') === 'true';
      if (method === 'GET' && url.pathname.endsWith('/widgets') && list) {
        log.push('list');
      }
    });
    void mgr.elected().then(() => log.push('elected'));
    controllerManagedBy(mgr)
      .for(WidgetType)
      .withOptions(warm ? {} : { enableWarmup: false }) // warm is the default
      .complete({
        async reconcile({ name }) {
          log.push(`reconcile ${name}`);
        },
      });
    return { mgr, log, halt: startManager(mgr, cleanup) };
  }

  const create = (ns: string, name: string) =>
    api.create<Widget>({ apiVersion: 'core.operant.test/v1', kind: 'Widget', metadata: { namespace: ns, name } });
  const widgetInformer = (mgr: Manager) => mgr.cache.health().find((h) => h.kind === 'Widget');

  /** Leader `a` and standby `b` (warm or cold); returns b's log after a stopped and b reconciled `late`. */
  async function failover(warm: boolean) {
    const ns = await newNamespace(api, warm ? 'warm' : 'cold');
    const id = 'widgets.operant.test';
    for (const name of ['w1', 'w2', 'w3']) await create(ns, name);
    const a = candidate(ns, id, warm);
    await a.mgr.elected();
    await eventually(() => expect(a.log).toContain('reconcile w3'));
    const b = candidate(ns, id, warm);
    // b is running, campaigning, and (when warm) synced: its readiness passes once its cache synced
    await eventually(async () => expect((await b.mgr.readyz.respond('', new URLSearchParams())).status).toBe(200));
    if (warm) await eventually(() => expect(widgetInformer(b.mgr)?.synced).toBe(true));
    const beforeElection = { log: [...b.log], informer: widgetInformer(b.mgr) };
    await create(ns, 'late'); // while b does not lead
    await eventually(() => expect(a.log).toContain('reconcile late'));
    await a.halt();
    await eventually(() => expect(b.log).toContain('reconcile late'), 15_000);
    await b.halt();
    return { beforeElection, log: b.log };
  }

  it('lists the watched kind on the standby before it leads, and reconciles after the win without listing', async () => {
    const { beforeElection, log } = await failover(true);
    expect(beforeElection.log).toContain('list');
    expect(beforeElection.log).not.toContain('elected');
    expect(beforeElection.log.filter((e) => e.startsWith('reconcile'))).toEqual([]);
    expect(beforeElection.informer).toMatchObject({ synced: true, objects: 3 });
    const elected = log.indexOf('elected');
    const firstReconcile = log.findIndex((e) => e.startsWith('reconcile'));
    expect(elected).toBeGreaterThan(log.indexOf('list'));
    expect(firstReconcile).toBeGreaterThan(elected);
    expect(log.slice(elected)).not.toContain('list'); // the win reconciles from the warm cache
    // the initial list and the Widget created before the win were queued, not lost
    expect(new Set(log.filter((e) => e.startsWith('reconcile')))).toEqual(
      new Set(['reconcile w1', 'reconcile w2', 'reconcile w3', 'reconcile late']),
    );
  }, 60_000);

  it('lists the watched kind only after the win when warm-up is off', async () => {
    const { beforeElection, log } = await failover(false);
    expect(beforeElection.log).toEqual([]);
    expect(beforeElection.informer).toBeUndefined();
    const elected = log.indexOf('elected');
    const list = log.indexOf('list');
    const firstReconcile = log.findIndex((e) => e.startsWith('reconcile'));
    expect(elected).toBeGreaterThanOrEqual(0);
    expect(list).toBeGreaterThan(elected);
    expect(firstReconcile).toBeGreaterThan(list);
    expect(new Set(log.filter((e) => e.startsWith('reconcile')))).toEqual(
      new Set(['reconcile w1', 'reconcile w2', 'reconcile w3', 'reconcile late']),
    );
  }, 60_000);
});
