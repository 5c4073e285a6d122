/**
 * The lean runtime, asserted on the module graph: importing the built `@operant/core`
 * (`dist/`, as users load it; the test scripts run `tsc -b` first) in a child process loads
 * none of client-node's generated model classes (`dist/gen`, ~840 modules, ~100 MiB of RSS),
 * and none of what only `@operant/crd/schema`'s `validate()` and schema builder need (class-validator
 * with validator and libphonenumber, class-transformer, CEL, RE2: ~25 MiB): the runtime reads
 * CRD classes through `@operant/crd/metadata`, and the validating webhook imports the rest
 * when it is built. Nor does it load what the runtime loads later or never: prom-client's
 * default metrics (@opentelemetry/api), Summary (tdigest) and Pushgateway, and yaml (read
 * with a kubeconfig file; in-cluster there is none), nor the secure metrics server's HTTPS
 * side and certificate maker (imported when a secure metrics server starts), nor winston (the
 * default logger writes its lines itself; `serializeErrors()` loads winston when called),
 * nor prom-client's default metrics before the manager's registry is first read, nor the
 * `/debug/reconciles` page (with negotiator) before its first request.
 * The child preloads `scripts/module-graph/record.mjs`, a `module.registerHooks` load hook
 * that writes down every module it loads.
 * @module
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  generatedModels,
  generatedModelsLoaded,
  packagesLoaded,
  type RecordedModule,
  recordedModules,
  recorder,
} from '../../../scripts/module-graph/index.mjs';

const dist = new URL('../dist/', import.meta.url);

/** What `@operant/crd/schema` loads for `validate()`, the schema builder and the structural check. */
const validationStack = [
  'class-validator',
  'validator',
  'libphonenumber-js',
  'class-transformer',
  '@marcbachmann/cel-js',
  're2-wasm',
];

describe('the module graph of @operant/core', () => {
  let dir: string;
  let runs = 0;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operant-module-graph-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The URLs of the modules a fresh node process loads to import `specifier`. */
  async function modulesLoadedBy(specifier: string): Promise<RecordedModule[]> {
    const out = join(dir, `graph-${++runs}.txt`);
    await promisify(execFile)(
      process.execPath,
      ['--import', recorder, '--input-type=module', '-e', `await import(${JSON.stringify(specifier)})`],
      { cwd: new URL('..', import.meta.url), env: { ...process.env, MODULE_GRAPH_OUT: out } },
    );
    return recordedModules(out);
  }

  /**
   * The modules and the Node built-ins (`process.moduleLoadList`, which also sees
   * `process.getBuiltinModule`) a fresh node process loads to run `script`, an ES module
   * body with `core` bound to the names of the built `@operant/core` and of the subpaths the
   * builder path imports (`/manager`, `/builder`, `/resources`, `/kinds`).
   */
  async function loadedBy(script: string): Promise<{ modules: RecordedModule[]; builtins: string[] }> {
    const out = join(dir, `graph-${++runs}.txt`);
    const entries = ['index.js', 'manager/index.js', 'builder/index.js', 'resources/index.js', 'resources/kinds.js'];
    const imports = entries.map((entry) => `...(await import(${JSON.stringify(new URL(entry, dist).href)}))`);
    const body = `const core = { ${imports.join(', ')} };
${script}
console.log(JSON.stringify(process.moduleLoadList));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', recorder, '--input-type=module', '-e', body],
      { cwd: new URL('..', import.meta.url), env: { ...process.env, MODULE_GRAPH_OUT: out } },
    );
    const list = JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as string[];
    const builtins = list.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
    return { modules: recordedModules(out), builtins };
  }

  /** A Manager and a builder controller, nothing started (no API server needed). */
  const builderPath = `const kubeConfig = {
  getCurrentCluster: () => ({ name: 'c', server: 'https://127.0.0.1:1', skipTLSVerify: false }),
  getCurrentUser: () => ({ name: 'u', token: 't' }),
};
const mgr = core.newManager({ kubeConfig });
const Widget = core.resourceType({ group: 'example.dev', version: 'v1', kind: 'Widget', plural: 'widgets', namespaced: true });
core.controllerManagedBy(mgr).for(Widget).owns(core.ConfigMap).complete({ async reconcile() {} });`;

  /** The servers' and the API transport's modules: loaded when a server starts or the first request is sent. */
  const wire = ['http', 'https', 'tls', 'http2', 'internal/deps/undici/undici'];
  /** Loaded by the first reconcile, event, lease or exec credential plugin (and by TLS). */
  const later = ['crypto', 'child_process'];

  it('loads neither inversify nor undici, node:http, node:https, node:tls, node:http2, node:crypto or node:child_process for the builder path up to start()', async () => {
    const { modules, builtins } = await loadedBy(builderPath);
    expect(packagesLoaded(modules, ['inversify', '@inversifyjs/core', 'undici'])).toEqual([]);
    expect(builtins.filter((m) => wire.includes(m) || later.includes(m))).toEqual([]);
  });

  it('loads no winston for the builder path, nor for the lines its default logger writes (@operant/core/log loads it for serializeErrors())', async () => {
    const { modules } = await loadedBy(`${builderPath}
mgr.logger.error('a line', { error: new Error('boom') });`);
    expect(packagesLoaded(modules, ['winston', 'logform'])).toEqual([]);
    const log = JSON.stringify(new URL('log/index.js', dist).href);
    const { modules: withFormat } = await loadedBy(`const { serializeErrors } = await import(${log});
serializeErrors();`);
    expect(packagesLoaded(withFormat, ['winston'])).toEqual([expect.stringMatching(/^\d+ modules of winston/)]);
  });

  it("loads prom-client's default metrics on the first read of the manager's registry, not for the builder path", async () => {
    const defaults = /\/prom-client\/lib\/defaultMetrics\.js$/;
    const { modules } = await loadedBy(builderPath);
    expect(modules.map((m) => m.url)).not.toContainEqual(expect.stringMatching(defaults));
    const { modules: scraped } = await loadedBy(`${builderPath}
if (!(await mgr.metrics.metrics()).includes('process_cpu_seconds_total')) throw new Error('no process metrics');`);
    expect(scraped.map((m) => m.url)).toContainEqual(expect.stringMatching(defaults));
  });

  it("loads node:http (not its ESM namespace, whose WebSocket getter loads Node's undici) once the metrics server starts", async () => {
    const { builtins } = await loadedBy(`const kubeConfig = {
  getCurrentCluster: () => ({ name: 'c', server: 'https://127.0.0.1:1', skipTLSVerify: false }),
  getCurrentUser: () => ({ name: 'u', token: 't' }),
};
const mgr = core.newManager({ kubeConfig, metricsBindAddress: '127.0.0.1:0' });
const stop = new AbortController();
const running = mgr.metricsServer.start(stop.signal);
await mgr.metricsServer.address();
stop.abort();
await running;`);
    expect(builtins.filter((m) => wire.includes(m))).toEqual(['http']);
  });

  it('loads the /debug/reconciles page and negotiator on the first request for it, not when the metrics server starts', async () => {
    const serve = (request: string) =>
      loadedBy(`const kubeConfig = {
  getCurrentCluster: () => ({ name: 'c', server: 'https://127.0.0.1:1', skipTLSVerify: false }),
  getCurrentUser: () => ({ name: 'u', token: 't' }),
};
const mgr = core.newManager({ kubeConfig, metricsBindAddress: '127.0.0.1:0', metricsServer: { debugReconciles: true } });
const stop = new AbortController();
const running = mgr.metricsServer.start(stop.signal);
const { port } = await mgr.metricsServer.address();
const { get } = process.getBuiltinModule('node:http');
const status = await new Promise((resolve, reject) =>
  get({ port, path: ${JSON.stringify(request)} }, (res) => res.resume().on('end', () => resolve(res.statusCode))).on('error', reject),
);
if (status !== 200) throw new Error('status ' + status);
stop.abort();
await running;`);
    const page = /\/dist\/manager\/debug-reconciles\.js$/;
    const metrics = (await serve('/metrics')).modules;
    expect(packagesLoaded(metrics, ['negotiator'])).toEqual([]);
    expect(metrics.map((m) => m.url)).not.toContainEqual(expect.stringMatching(page));
    const debug = (await serve('/debug/reconciles?format=json')).modules;
    expect(packagesLoaded(debug, ['negotiator'])).toEqual([expect.stringMatching(/^\d+ modules of negotiator/)]);
    expect(debug.map((m) => m.url)).toContainEqual(expect.stringMatching(page));
  });

  it('loads node:tls, and not undici, with the first request to the API server (HTTP/2 is node:http2)', async () => {
    const { modules, builtins } = await loadedBy(`${builderPath}
await mgr.client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'a', name: 'b' } }).catch(() => undefined);`);
    expect(packagesLoaded(modules, ['undici'])).toEqual([]);
    expect(builtins).toContain('tls');
    expect(builtins).not.toContain('internal/deps/undici/undici');
  });

  /** A decorated controller in a module, nothing wired yet. */
  const decorated = `const Widget = core.resourceType({ group: 'example.dev', version: 'v1', kind: 'Widget', plural: 'widgets', namespaced: true });
class WidgetController { async reconcile() {} }
core.Reconcile()(WidgetController.prototype, 'reconcile', Object.getOwnPropertyDescriptor(WidgetController.prototype, 'reconcile'));
core.Controller({ for: Widget })(WidgetController);
class AppModule {}
core.Module({ controllers: [WidgetController] })(AppModule);`;

  it('loads no inversify for a decorated controller (the decorators only record)', async () => {
    const { modules } = await loadedBy(decorated);
    expect(packagesLoaded(modules, ['inversify', '@inversifyjs/core'])).toEqual([]);
  });

  it('loads inversify when OperantFactory.create builds the container of a decorated controller', async () => {
    const { modules } = await loadedBy(`${decorated}
const kubeConfig = {
  getCurrentCluster: () => ({ name: 'c', server: 'https://127.0.0.1:1', skipTLSVerify: false }),
  getCurrentUser: () => ({ name: 'u', token: 't' }),
};
await core.OperantFactory.create(AppModule, { manager: { kubeConfig } });`);
    expect(packagesLoaded(modules, ['inversify'])).toEqual([expect.stringMatching(/^\d+ modules of inversify/)]);
  });

  it("sees client-node's generated models when something imports client-node", async () => {
    const loaded = await modulesLoadedBy('@kubernetes/client-node');
    expect(generatedModels(loaded).length).toBeGreaterThan(500);
    expect(generatedModelsLoaded(loaded)).toEqual([
      expect.stringMatching(
        /^\d+ modules of dist\/gen, the first: @kubernetes\/client-node\/dist\/gen\/.* ← @kubernetes\/client-node\/dist\/index\.js/,
      ),
    ]);
  });

  // every folder but client/, cache/, manager/ and di/, which reach client/config.ts and client/rest.ts
  it.each([
    'api',
    'builder',
    'clock',
    'controller',
    'controllerutil',
    'decorators',
    'handler',
    'healthz',
    'log',
    'metrics',
    'predicate',
    'resources',
    'source',
    'webhook',
    'workqueue',
  ])('loads none of them for %s/ (kinds are named by tokens, client-node only as types)', async (folder) => {
    const entry = new URL(`${folder}/index.js`, dist).href;
    const loaded = await modulesLoadedBy(entry);
    expect(loaded.map((m) => m.url)).toContain(entry);
    expect(generatedModelsLoaded(loaded)).toEqual([]);
  });

  it("loads none of them for import '@operant/core'", async () => {
    const entry = new URL('index.js', dist).href;
    const loaded = await modulesLoadedBy(entry);
    expect(loaded.map((m) => m.url)).toContain(entry);
    expect(generatedModelsLoaded(loaded)).toEqual([]);
  });

  it('sees the validation stack when something imports @operant/crd/schema', async () => {
    const loaded = await modulesLoadedBy('@operant/crd/schema');
    expect(packagesLoaded(loaded, validationStack)).toEqual(
      validationStack.map((name) => expect.stringMatching(new RegExp(`^\\d+ modules of ${name}, the first: `))),
    );
  });

  it("loads neither CEL nor RE2 for @operant/crd's root entry (the decorators a CRD class imports)", async () => {
    const loaded = await modulesLoadedBy('@operant/crd');
    expect(loaded.map((m) => m.url)).toContainEqual(expect.stringMatching(/\/crd\/dist\/index\.js$/));
    expect(packagesLoaded(loaded, ['@marcbachmann/cel-js', 're2-wasm'])).toEqual([]);
  });

  it('loads none of the validation stack for @operant/crd/metadata', async () => {
    const loaded = await modulesLoadedBy('@operant/crd/metadata');
    expect(loaded.map((m) => m.url)).toContainEqual(expect.stringMatching(/\/crd\/dist\/metadata-entry\.js$/));
    expect(packagesLoaded(loaded, validationStack)).toEqual([]);
  });

  it("loads none of the validation stack, @opentelemetry/api, tdigest or yaml for import '@operant/core'", async () => {
    const entry = new URL('index.js', dist).href;
    const loaded = await modulesLoadedBy(entry);
    expect(packagesLoaded(loaded, [...validationStack, '@opentelemetry/api', 'tdigest', 'yaml'])).toEqual([]);
    expect(loaded.map((m) => m.url)).not.toContainEqual(expect.stringMatching(/\/prom-client\/lib\/pushgateway\.js$/));
    // the metric classes it uses are there
    expect(packagesLoaded(loaded, ['prom-client'])).toEqual([expect.stringMatching(/^\d+ modules of prom-client/)]);
  });

  it('reads a JSON kubeconfig without loading yaml, and loads yaml for a YAML one', async () => {
    const cluster = { server: 'https://127.0.0.1:1', 'insecure-skip-tls-verify': true };
    const doc = {
      clusters: [{ name: 'c', cluster }],
      users: [{ name: 'u', user: { token: 't' } }],
      contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
      'current-context': 'x',
    };
    const read = (text: string) =>
      loadedBy(`const { KubeConfig } = await import(${JSON.stringify(new URL('client/index.js', dist).href)});
const kc = new KubeConfig();
kc.loadFromString(${JSON.stringify(text)});
if (kc.getCurrentCluster()?.server !== 'https://127.0.0.1:1') throw new Error('not read');`);
    expect(packagesLoaded((await read(JSON.stringify(doc, null, 2))).modules, ['yaml'])).toEqual([]);
    const yaml = `current-context: x\nclusters:\n- name: c\n  cluster: {server: "https://127.0.0.1:1"}\nusers:\n- name: u\n  user: {token: t}\ncontexts:\n- name: x\n  context: {cluster: c, user: u}\n`;
    expect(packagesLoaded((await read(yaml)).modules, ['yaml'])).toEqual([expect.stringMatching(/modules of yaml/)]);
  });

  it("loads the secure metrics server's HTTPS side only when one starts, not for import '@operant/core'", async () => {
    const loaded = (await modulesLoadedBy(new URL('index.js', dist).href)).map((m) => m.url);
    expect(loaded).toContainEqual(expect.stringMatching(/\/dist\/server\/http-server\.js$/));
    expect(loaded).not.toContainEqual(expect.stringMatching(/\/dist\/server\/(tls-server|self-signed)\.js$/));
  });
});
