/**
 * Read your own writes on the real control plane: a reconciler that writes a Widget's
 * status and reads it back (in the same reconcile, by get and by list, and in the next
 * reconcile, which follows at once) never sees an object older than its write, over 200
 * writes; the watch event echoing the controller's own status write does not reconcile
 * again while an external change does; `readYourWrites: false` reconciles on the echo.
 */
import { beforeAll, beforeEach, expect, it } from '@jest/globals';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { isConflict } from '../src/api/status-error.js';
import { controllerManagedBy } from '../src/builder/builder.js';
import { ApiClient } from '../src/client/api-client.js';
import { mergePatch } from '../src/client/patch.js';
import type { Controller } from '../src/controller/controller.js';
import type { Manager } from '../src/manager/interfaces.js';
import { newManager } from '../src/manager/manager.js';
import {
  eventually,
  installWidgetCrd,
  newNamespace,
  startManager,
  useCleanups,
  type Widget,
  WidgetType,
} from './fixtures/helpers.js';

const widget = (namespace: string, name: string): Widget => ({
  apiVersion: 'core.operant.test/v1',
  kind: 'Widget',
  metadata: { namespace, name },
  spec: { size: 1 },
});
const rv = (w: Widget | undefined): bigint => BigInt(w?.metadata?.resourceVersion ?? '0');

describeWithControlPlane('read your own writes on the real API server', () => {
  const kc = sharedKubeConfig();
  const external = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();
  let ns: string;
  let mgr: Manager;

  beforeAll(async () => {
    await installWidgetCrd(external);
  }, 60_000);

  beforeEach(async () => {
    ns = await newNamespace(external, 'ryow');
    mgr = newManager({ kubeConfig: kc, cache: { defaultNamespaces: [ns] } });
  }, 30_000);

  it('should never read a Widget older than its own last status write, over 200 writes', async () => {
    const perWidget = 100;
    const written = new Map<string, bigint>();
    const stale: string[] = [];
    let conflicts = 0;
    controllerManagedBy(mgr)
      .for(WidgetType)
      .withOptions({ maxConcurrentReconciles: 2 })
      .complete({
        async reconcile(request) {
          const key = `${request.namespace}/${request.name}`;
          const w = await mgr.client.get(WidgetType, request);
          if (rv(w) < (written.get(key) ?? 0n)) stale.push(`${key} read ${rv(w)} after writing ${written.get(key)}`);
          const ready = w.status?.ready ?? 0;
          if (ready >= perWidget) return;
          const out = await mgr.client
            .status()
            .update({ ...w, status: { ...w.status, ready: ready + 1 } })
            .catch((err: unknown) => {
              if (isConflict(err)) conflicts++;
              throw err;
            });
          written.set(key, rv(out));
          const again = await mgr.client.get(WidgetType, request);
          if (rv(again) < rv(out)) stale.push(`${key} got ${rv(again)} right after writing ${rv(out)}`);
          const listed = (await mgr.client.list(WidgetType, { namespace: ns })).items.find(
            (i) => i.metadata?.name === request.name,
          );
          if (rv(listed) < rv(out)) stale.push(`${key} listed ${rv(listed)} right after writing ${rv(out)}`);
          return { requeueAfter: 1 };
        },
      });
    startManager(mgr, cleanup);
    await external.create(widget(ns, 'a'));
    await external.create(widget(ns, 'b'));
    await eventually(
      async () => {
        const ws = (await external.list(WidgetType, { namespace: ns })).items;
        expect(ws.map((w) => w.status?.ready)).toEqual([perWidget, perWidget]);
      },
      { timeout: 120_000 },
    );
    expect(stale).toEqual([]);
    expect(conflicts).toBe(0);
  }, 180_000);

  /** Creates a Widget, lets the controller write its status once, then changes a label from outside. */
  async function echoThenExternalChange(readYourWrites: boolean) {
    const runs: string[] = [];
    let statusRV = '';
    const controller: Controller = controllerManagedBy(mgr)
      .for(WidgetType)
      .withOptions({ readYourWrites })
      .complete({
        async reconcile(request) {
          const w = await mgr.client.get(WidgetType, request);
          runs.push(w.metadata?.labels?.changed ? 'labelled' : w.status?.phase === 'Seen' ? 'seen' : 'new');
          if (w.status?.phase === 'Seen') return;
          const out = await mgr.client.status().update({ ...w, status: { phase: 'Seen' } });
          statusRV = out.metadata?.resourceVersion ?? '';
        },
      });
    // registered after the controller's source, so it sees each event after the controller did
    const delivered: string[] = [];
    mgr.cache.getInformer(WidgetType).addEventHandler({
      onUpdate: (_old, obj) => {
        delivered.push(obj.metadata?.resourceVersion ?? '');
      },
    });
    startManager(mgr, cleanup);
    const idle = () =>
      eventually(() => {
        expect(controller.queue.len() + controller.queue.processingLen()).toBe(0);
      });

    await external.create(widget(ns, 'w'));
    await eventually(() => {
      expect(statusRV).not.toBe('');
      expect(delivered).toContain(statusRV);
    });
    await idle();
    const afterEcho = [...runs];
    await external.patch(widget(ns, 'w'), mergePatch({ metadata: { labels: { changed: 'yes' } } }));
    await eventually(() => {
      expect(runs.at(-1)).toBe('labelled');
    });
    await idle();
    return { afterEcho, runs };
  }

  it('should not reconcile on the echo of its own status write, but on an external change', async () => {
    const { afterEcho, runs } = await echoThenExternalChange(true);
    expect(afterEcho).toEqual(['new']);
    expect(runs).toEqual(['new', 'labelled']);
  }, 60_000);

  it('should reconcile on the echo too with readYourWrites: false', async () => {
    const { afterEcho, runs } = await echoThenExternalChange(false);
    expect(afterEcho).toEqual(['new', 'seen']);
    expect(runs).toEqual(['new', 'seen', 'labelled']);
  }, 60_000);
});
