/**
 * What operations teams rely on, on the real control plane: `/metrics` with
 * controller-runtime's series after a scripted run, `/readyz` failing until the caches
 * sync (503) and passing after (200, `?verbose` lists the checks), `/healthz`, and log
 * lines of a reconcile carrying controller-runtime's keys.
 */
import { PassThrough } from 'node:stream';
import { beforeAll, expect, it } from '@jest/globals';
import { eventually } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { TerminalError } from '../src/api/terminal-error.js';
import { controllerManagedBy } from '../src/builder/builder.js';
import { ApiClient } from '../src/client/api-client.js';
import { newLogger } from '../src/log/logger.js';
import { ControllerManager } from '../src/manager/manager.js';
import { resourceType } from '../src/resources/resource-type.js';
import {
  applyOpenCrd,
  installWidgetCrd,
  newNamespace,
  startManager,
  useCleanups,
  type Widget,
  WidgetType,
} from './fixtures/helpers.js';

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, body: await res.text() };
};

/** The value of one series in Prometheus text format, e.g. `series(text, 'x_total{a="b"}')`. */
const series = (text: string, name: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

describeWithControlPlane('operations: metrics, probes, logs', () => {
  const kc = sharedKubeConfig();
  const api = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();

  beforeAll(async () => {
    await installWidgetCrd(api);
  }, 60_000);

  const run = (mgr: ControllerManager) => startManager(mgr, cleanup);

  it('serves reconcile and workqueue metrics with the right counts, and logs with controller-runtime keys', async () => {
    const ns = await newNamespace(api, 'metrics');
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
    const mgr = new ControllerManager({
      kubeConfig: kc,
      cache: { defaultNamespaces: [ns] },
      metricsBindAddress: '127.0.0.1:0',
      logger: newLogger({ stream, level: 'info' }),
    });
    const attempts = new Map<string, number>();
    controllerManagedBy(mgr)
      .for(WidgetType)
      .complete({
        async reconcile({ name }, { log }) {
          const n = (attempts.get(name) ?? 0) + 1;
          attempts.set(name, n);
          log.info('reconciling', { attempt: n });
          if (name === 'flaky' && n < 3) throw new Error('not yet');
          if (name === 'broken') throw new TerminalError(new Error('bad spec'));
          if (name === 'periodic' && n === 1) return { requeueAfter: 100 };
          return {};
        },
      });
    run(mgr);
    for (const name of ['ok', 'flaky', 'broken', 'periodic']) {
      await api.create<Widget>({
        apiVersion: 'core.operant.test/v1',
        kind: 'Widget',
        metadata: { namespace: ns, name },
      });
    }
    await eventually(() => {
      expect(attempts.get('flaky')).toBe(3);
      expect(attempts.get('periodic')).toBe(2);
    });
    const { port } = await (mgr.metricsServer as NonNullable<ControllerManager['metricsServer']>).address();
    const metrics = await get(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.status).toBe(200);
    const c = 'controller="widget"';
    // ok: success; flaky: 2 errors then success; broken: 1 terminal error; periodic: requeue_after then success
    expect(series(metrics.body, `controller_runtime_reconcile_total{${c},result="success"}`)).toBe(3);
    expect(series(metrics.body, `controller_runtime_reconcile_total{${c},result="error"}`)).toBe(3);
    expect(series(metrics.body, `controller_runtime_reconcile_total{${c},result="requeue_after"}`)).toBe(1);
    expect(series(metrics.body, `controller_runtime_reconcile_total{${c},result="requeue"}`)).toBe(0);
    expect(series(metrics.body, `controller_runtime_reconcile_errors_total{${c}}`)).toBe(3);
    expect(series(metrics.body, `controller_runtime_terminal_reconcile_errors_total{${c}}`)).toBe(1);
    expect(series(metrics.body, `controller_runtime_max_concurrent_reconciles{${c}}`)).toBe(1);
    expect(series(metrics.body, `controller_runtime_reconcile_time_seconds_count{${c}}`)).toBe(7);
    const q = 'name="widget",controller="widget"';
    expect(series(metrics.body, `workqueue_retries_total{${q}}`)).toBe(2);
    expect(series(metrics.body, `workqueue_adds_total{${q}}`)).toBeGreaterThanOrEqual(7);
    expect(series(metrics.body, `workqueue_depth{${q},priority="0"}`)).toBe(0);
    expect(series(metrics.body, `workqueue_work_duration_seconds_count{${q}}`)).toBe(7);
    expect(metrics.body).toMatch(/^process_cpu_user_seconds_total /m);
    expect(series(metrics.body, `controller_runtime_reconcile_panics_total{${c}}`)).toBe(0);
    const host = new URL(kc.getCurrentCluster()?.server as string).host;
    expect(series(metrics.body, `rest_client_requests_total{code="200",method="GET",host="${host}"}`)).toBeGreaterThan(
      0,
    );

    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const reconciling = entries.filter((e) => e.msg === 'reconciling');
    expect(reconciling).toHaveLength(7);
    for (const e of reconciling) {
      expect(e).toMatchObject({ level: 'info', controller: 'widget', controllerKind: 'Widget', namespace: ns });
      expect(e.reconcileID).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof e.name).toBe('string');
    }
    expect(new Set(reconciling.map((e) => e.reconcileID)).size).toBe(7);
    expect(entries.filter((e) => e.msg === 'reconciler error' && e.name === 'flaky')).toHaveLength(2);
  }, 60_000);

  it('records Events for a reconcile, aggregating repeats into a series', async () => {
    const ns = await newNamespace(api, 'events');
    const mgr = new ControllerManager({ kubeConfig: kc, cache: { defaultNamespaces: [ns] } });
    const recorder = mgr.getEventRecorderFor('widget-controller');
    let runs = 0;
    controllerManagedBy(mgr)
      .for(WidgetType)
      .complete({
        async reconcile(request) {
          runs++;
          const w = await mgr.client.get(WidgetType, request);
          for (let i = 0; i < 3; i++) recorder.event(w, 'Warning', 'SizeMissing', 'spec.size is not set');
          recorder.event(w, 'Normal', 'Seen', `reconciled ${w.metadata?.name}`);
        },
      });
    run(mgr);
    await api.create<Widget>({
      apiVersion: 'core.operant.test/v1',
      kind: 'Widget',
      metadata: { namespace: ns, name: 'noisy' },
    });
    await eventually(() => expect(runs).toBeGreaterThanOrEqual(1));
    await recorder.flush();
    interface EventView {
      reason?: string;
      type?: string;
      series?: { count: number };
      regarding?: { name?: string; kind?: string };
      reportingController?: string;
    }
    const Events = resourceType({
      group: 'events.k8s.io',
      version: 'v1',
      kind: 'Event',
      plural: 'events',
      namespaced: true,
    });
    const events = (await api.list(Events, { namespace: ns })).items as EventView[];
    const warning = events.filter((e) => e.reason === 'SizeMissing');
    // every repeat (3 per run) lands in one Event's series
    expect(warning).toHaveLength(1);
    expect(warning[0]).toMatchObject({
      type: 'Warning',
      reportingController: 'widget-controller',
      regarding: { kind: 'Widget', name: 'noisy' },
      series: { count: 3 * runs },
    });
    const seen = events.filter((e) => e.reason === 'Seen');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.series?.count ?? 1).toBe(runs);
  }, 60_000);

  it('answers /readyz 503 until the caches sync and 200 after; /healthz is ok', async () => {
    const missing = resourceType({
      group: 'later.operant.test',
      version: 'v1',
      kind: 'Later',
      plural: 'laters',
      namespaced: true,
    });
    const mgr = new ControllerManager({
      kubeConfig: kc,
      healthProbeBindAddress: '127.0.0.1:0',
      cache: { byObject: [{ type: missing }] },
    });
    run(mgr);
    const { port } = await (mgr.healthProbeServer as NonNullable<ControllerManager['healthProbeServer']>).address();
    const base = `http://127.0.0.1:${port}`;
    expect(await get(`${base}/healthz`)).toEqual({ status: 200, body: 'ok' });
    expect(await get(`${base}/healthz?verbose`)).toEqual({ status: 200, body: '[+]ping ok\nhealthz check passed\n' });
    const before = await get(`${base}/readyz?verbose`);
    expect(before.status).toBe(503);
    expect(before.body).toMatch(/^\[-\]informers failed: caches have not synced yet\nreadyz check failed\n$/);
    expect((await get(`${base}/readyz/informers`)).status).toBe(503);
    expect((await get(`${base}/readyz/nope`)).status).toBe(404);
    expect((await get(`${base}/readyz?exclude=informers`)).status).toBe(200);

    // the kind's CRD arrives: the informer lists, syncs, and readiness passes
    await applyOpenCrd(api, 'later.operant.test', 'Later', 'operations-test');
    await eventually(async () => expect((await get(`${base}/readyz`)).status).toBe(200), 60_000);
    expect(await get(`${base}/readyz?verbose`)).toEqual({
      status: 200,
      body: '[+]informers ok\nreadyz check passed\n',
    });
  }, 90_000);

  it('fails /readyz when an informer has heard nothing for longer than informerStaleAfterMs', async () => {
    // a kind no other suite writes, so no other writer's progress brings bookmarks to this watch
    const Quiet = await applyOpenCrd(api, 'quiet.operant.test', 'Quiet', 'operations-test');
    await eventually(() => api.list(Quiet, { limit: 1 }));
    const ns = await newNamespace(api, 'stale');
    const mgr = new ControllerManager({
      kubeConfig: kc,
      healthProbeBindAddress: '127.0.0.1:0',
      informerStaleAfterMs: 300, // shorter than the API server's bookmark interval
      cache: { defaultNamespaces: [ns], byObject: [{ type: Quiet }] },
    });
    run(mgr);
    const { port } = await (mgr.healthProbeServer as NonNullable<ControllerManager['healthProbeServer']>).address();
    const readyz = () => get(`http://127.0.0.1:${port}/readyz?verbose`);
    await api.create({ apiVersion: 'quiet.operant.test/v1', kind: 'Quiet', metadata: { namespace: ns, name: 'x' } });
    await eventually(async () => expect((await readyz()).status).toBe(200), 20_000, 20);
    const stale = await eventually(
      async () => {
        const r = await readyz();
        expect(r.status).toBe(503);
        return r;
      },
      30_000,
      50,
    );
    expect(stale.body).toMatch(/\[-\]informers failed: no watch event or bookmark for over 300 ms: Quiet/);
  }, 60_000);
});
