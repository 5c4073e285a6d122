/**
 * The lean runtime, asserted on the module graph: importing the built `@operant/core`
 * (`dist/`, as users load it; the test scripts run `tsc -b` first) in a child process loads
 * none of client-node's generated model classes (`dist/gen`, ~840 modules, ~100 MiB of RSS),
 * and none of what only `@operant/crd`'s `validate()` and schema builder need (class-validator
 * with validator and libphonenumber, class-transformer, CEL, RE2: ~25 MiB): the runtime reads
 * CRD classes through `@operant/crd/metadata`, and the validating webhook imports the rest
 * when it is built. Nor does it load what the runtime loads later or never: prom-client's
 * default metrics (@opentelemetry/api), Summary (tdigest) and Pushgateway, and yaml (read
 * with a kubeconfig file; in-cluster there is none), nor the secure metrics server's HTTPS
 * side and certificate maker (imported when a secure metrics server starts).
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

/** What `@operant/crd`'s root entry loads for `validate()`, the schema builder and the structural check. */
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
    'controller',
    'controllerutil',
    'decorators',
    'events',
    'handler',
    'healthz',
    'leaderelection',
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

  it("sees the validation stack when something imports @operant/crd's root entry", async () => {
    const loaded = await modulesLoadedBy('@operant/crd');
    expect(packagesLoaded(loaded, validationStack)).toEqual(
      validationStack.map((name) => expect.stringMatching(new RegExp(`^\\d+ modules of ${name}, the first: `))),
    );
  });

  it('loads none of the validation stack for @operant/crd/metadata', async () => {
    const loaded = await modulesLoadedBy('@operant/crd/metadata');
    expect(loaded.map((m) => m.url)).toContainEqual(expect.stringMatching(/\/crd\/dist\/metadata\/index\.js$/));
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

  it("loads the secure metrics server's HTTPS side only when one starts, not for import '@operant/core'", async () => {
    const loaded = (await modulesLoadedBy(new URL('index.js', dist).href)).map((m) => m.url);
    expect(loaded).toContainEqual(expect.stringMatching(/\/dist\/manager\/http-server\.js$/));
    expect(loaded).not.toContainEqual(expect.stringMatching(/\/dist\/manager\/(tls-server|self-signed)\.js$/));
  });
});
