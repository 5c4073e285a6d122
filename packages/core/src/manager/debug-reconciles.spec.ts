import { createHash } from 'node:crypto';
/**
 * `/debug/reconciles`: JSON or the page by `format` and `Accept`, the `controller`, `kind` and
 * `key` filters, unknown parameters ignored; on the metrics server only when
 * `debugReconciles` is on (else 404), and behind its filter; a manager lists the runnables
 * it is given that remember their reconciles.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { unreachableKubeConfig } from '../../test/fixtures/unreachable-kubeconfig.js';
import { noopLogger } from '../api/logger.js';
import { controllerManagedBy } from '../builder/builder.js';
import type { RestClient } from '../client/rest.js';
import { newRegistry } from '../metrics/registry.js';
import { ConfigMap } from '../resources/kinds.js';
import type { ControllerReconciles, KeyReconciles } from '../trace/reconcile-history.js';
import type { ReconcileHistorySource } from '../trace/reconcile-history-source.js';
import { serveDebugReconciles, wantsJson } from './debug-reconciles.js';
import { newManager } from './manager.js';
import type { Filter } from './metrics-filters.js';
import { type MetricsServerOptions, newMetricsServer } from './metrics-server.js';

const keyOf = (namespace: string, name: string): KeyReconciles => ({
  namespace,
  name,
  reconciles: [],
  waiting: [{ source: 'kind', at: 1_700_000_000_000, event: 'create', kind: 'Widget', namespace, name }],
});

/** A source holding `keys`; `recentReconciles(key)` answers that key only. */
function source(name: string, kind: string | undefined, keys: KeyReconciles[], recordsCauses = true) {
  const asked: (string | undefined)[] = [];
  const fake: ReconcileHistorySource = {
    name,
    recordsCauses,
    recentReconciles(key?: string): ControllerReconciles {
      asked.push(key);
      const held =
        key === undefined ? keys : keys.filter((k) => (k.namespace ? `${k.namespace}/${k.name}` : k.name) === key);
      return kind === undefined ? { controller: name, keys: held } : { controller: name, kind, keys: held };
    },
  };
  return Object.assign(fake, { asked });
}

const widgets = () => source('widget', 'Widget', [keyOf('ns', 'a'), keyOf('ns', 'b')]);
const gadgets = () => source('gadget', 'Gadget', [keyOf('', 'cluster-wide')]);
const plain = { headers: {} };
const url = (query = '') => new URL(`http://localhost/debug/reconciles${query}`);
const json = (query: string, sources: ReconcileHistorySource[]) =>
  JSON.parse(serveDebugReconciles(url(query), plain, sources).body) as { controllers: ControllerReconciles[] };

describe('serveDebugReconciles', () => {
  it('serves the page with a policy that allows its own stylesheet, by hash, and nothing else; JSON and page uncached', () => {
    const page = serveDebugReconciles(url(''), plain, [widgets()]);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(page.headers).toEqual({
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    });
    expect(page.body).not.toMatch(/<script|style="/);
    expect(serveDebugReconciles(url('?format=json'), plain, [widgets()]).headers).toEqual({
      'cache-control': 'no-store',
    });
  });

  it('answers JSON with format=json: every controller with its kind and keys', () => {
    const reply = serveDebugReconciles(url('?format=json'), plain, [widgets(), gadgets()]);
    expect(reply.status).toBe(200);
    expect(reply.contentType).toBe('application/json');
    const body = JSON.parse(reply.body) as { controllers: ControllerReconciles[] };
    expect(body.controllers.map((c) => [c.controller, c.kind, c.keys.map((k) => k.name)])).toEqual([
      ['widget', 'Widget', ['a', 'b']],
      ['gadget', 'Gadget', ['cluster-wide']],
    ]);
    expect(body.controllers[0]?.keys[0]?.waiting[0]).toMatchObject({ source: 'kind', event: 'create', name: 'a' });
  });

  it('filters by controller (exact), kind (any case) and key, and ignores other parameters', () => {
    const names = (query: string) => json(query, [widgets(), gadgets()]).controllers.map((c) => c.controller);
    expect(names('?format=json&controller=widget')).toEqual(['widget']);
    expect(names('?format=json&controller=Widget')).toEqual([]);
    expect(names('?format=json&kind=gADGET')).toEqual(['gadget']);
    expect(names('?format=json&kind=Widget&controller=gadget')).toEqual([]);
    expect(names('?format=json&colour=blue')).toEqual(['widget', 'gadget']);

    const w = widgets();
    const picked = json('?format=json&key=ns/b', [w, gadgets()]).controllers;
    expect(w.asked).toEqual(['ns/b']);
    expect(picked.map((c) => c.keys.map((k) => k.name))).toEqual([['b'], []]);
    expect(json('?format=json&key=cluster-wide', [gadgets()]).controllers[0]?.keys[0]?.name).toBe('cluster-wide');
  });

  it('answers the page otherwise, with the filters shown', () => {
    const reply = serveDebugReconciles(url('?kind=widget'), plain, [widgets(), gadgets()]);
    expect(reply.contentType).toBe('text/html; charset=utf-8');
    expect(reply.body).toContain('<h2>widget <span class="badge">Widget</span></h2>');
    expect(reply.body).not.toContain('gadget');
    expect(reply.body).toContain('kind=widget');
  });

  it('reads the Accept header when no format is given', () => {
    const accept = (value: string) => wantsJson(url(), { headers: { accept: value } });
    expect(accept('application/json')).toBe(true);
    expect(accept('application/json, text/plain, */*')).toBe(true);
    expect(accept('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
    expect(accept('text/html;q=0.5, application/json')).toBe(true);
    expect(accept('application/json;q=0.2, text/*')).toBe(false);
    expect(accept('*/*')).toBe(false);
    expect(wantsJson(url(), plain)).toBe(false);
    expect(wantsJson(url('?format=html'), { headers: { accept: 'application/json' } })).toBe(false);
    expect(wantsJson(url('?format=JSON'), plain)).toBe(true);
  });
});

describe('/debug/reconciles on the metrics server', () => {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });

  async function serving(options: MetricsServerOptions, sources: ReconcileHistorySource[]) {
    const server = newMetricsServer('127.0.0.1:0', newRegistry(), options, {
      rest: {} as RestClient,
      logger: noopLogger,
      controllers: () => sources,
    });
    const stop = new AbortController();
    const done = server.start(stop.signal);
    stops.push(async () => {
      stop.abort();
      await done;
    });
    return `http://127.0.0.1:${(await server.address()).port}`;
  }

  it('is not found unless debugReconciles is on', async () => {
    const base = await serving({}, [widgets()]);
    expect((await fetch(`${base}/debug/reconciles?format=json`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`)).status).toBe(200);
  });

  it('answers behind the filter, as /metrics does', async () => {
    const asked: string[] = [];
    const filter: Filter = async (u, req) => {
      asked.push(u.pathname);
      return req.headers.authorization === 'Bearer good' ? undefined : { status: 401, body: 'Unauthorized\n' };
    };
    const base = await serving({ debugReconciles: true, filterProvider: () => filter }, [widgets()]);
    expect((await fetch(`${base}/debug/reconciles?format=json`)).status).toBe(401);
    const reply = await fetch(`${base}/debug/reconciles`, {
      headers: { authorization: 'Bearer good', accept: 'application/json' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json');
    expect(((await reply.json()) as { controllers: unknown[] }).controllers).toHaveLength(1);
    expect(asked).toEqual(['/debug/reconciles', '/debug/reconciles']);
  });

  it('lists the runnables a manager is given that remember their reconciles', async () => {
    const mgr = newManager({
      kubeConfig: unreachableKubeConfig(),
      metricsBindAddress: '127.0.0.1:0',
      metricsServer: { debugReconciles: true },
    });
    mgr.add(Object.assign(widgets(), { start: async () => undefined, needsLeaderElection: () => false }));
    mgr.add({ start: async () => undefined });
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    stops.push(async () => {
      stop.abort();
      await running;
    });
    const port = (await (mgr.metricsServer as NonNullable<typeof mgr.metricsServer>).address()).port;
    const reply = await fetch(`http://127.0.0.1:${port}/debug/reconciles?format=json`);
    const body = (await reply.json()) as { controllers: ControllerReconciles[] };
    expect(body.controllers.map((c) => c.controller)).toEqual(['widget']);
    mgr.add(Object.assign(gadgets(), { start: async () => undefined, needsLeaderElection: () => false }));
    const later = (await (await fetch(`http://127.0.0.1:${port}/debug/reconciles?format=json`)).json()) as {
      controllers: ControllerReconciles[];
    };
    expect(later.controllers.map((c) => c.controller)).toEqual(['widget', 'gadget']);
  });

  it('makes controllers record their causes when it serves the page, unless told otherwise', () => {
    const built = (options: Parameters<typeof newManager>[0], own: { recordCauses?: boolean } = {}) =>
      controllerManagedBy(newManager({ kubeConfig: unreachableKubeConfig(), ...options }))
        .for(ConfigMap)
        .withOptions(own)
        .build({ reconcile: async () => undefined }).recordsCauses;
    expect(built({})).toBe(false);
    expect(built({ metricsServer: { debugReconciles: true } })).toBe(true);
    expect(built({ metricsServer: { debugReconciles: true }, recordCauses: false })).toBe(false);
    expect(built({ metricsServer: { debugReconciles: true } }, { recordCauses: false })).toBe(false);
    expect(built({ recordCauses: true })).toBe(true);
  });
});
