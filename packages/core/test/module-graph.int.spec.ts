/**
 * The module graph of a bare operator on the real control plane: a child process (the
 * fixture `crd-operator.ts`, transpiled by TypeScript with its decorators as `tsc` emits
 * them) starts a Manager with one controller for a `@CustomResource` class written with
 * class-validator constraints, reconciles one Widget and stops. `scripts/module-graph/record.mjs`
 * writes down every module it loaded. The runtime reads the class through
 * `@operant/crd/metadata` and the decorators record only, so none of what schema building,
 * the structural check and `validate()` need is loaded: no CEL (@marcbachmann/cel-js), no
 * RE2 (re2-wasm), none of `@operant/crd`'s schema/, validate/, check/ or CRD builder
 * modules. class-validator (with validator and libphonenumber-js) and class-transformer
 * are loaded because the class itself imports them (`@IsInt`, `@Type`).
 * @module
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeWithControlPlane, KUBECONFIG_VAR, sharedKubeConfig } from '@operant/testing/jest';
import ts from 'typescript';
import {
  packagesLoaded,
  type RecordedModule,
  recordedModules,
  recorder,
} from '../../../scripts/module-graph/index.mjs';
import { ApiClient } from '../src/client/api-client.js';
import { installWidgetCrd, newNamespace, type Widget, WidgetType } from './fixtures/helpers.js';

const fixture = fileURLToPath(new URL('./fixtures/crd-operator.ts', import.meta.url));

/** Transpiles the fixture into `dir` (beside the fixtures, so `@operant/core` and its dependencies resolve). */
async function transpile(dir: string): Promise<string> {
  const { outputText } = ts.transpileModule(await readFile(fixture, 'utf8'), {
    fileName: fixture,
    compilerOptions: {
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.ES2022,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      useDefineForClassFields: false,
    },
  });
  const file = join(dir, 'crd-operator.mjs');
  await writeFile(file, outputText);
  return file;
}

/** Runs the operator, with the recorder preloaded, until it exits. */
function run(
  script: string,
  namespace: string,
  out: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', recorder, script], {
    env: { ...process.env, KUBECONFIG: process.env[KUBECONFIG_VAR], NAMESPACE: namespace, MODULE_GRAPH_OUT: out },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describeWithControlPlane('the modules a bare operator loads', () => {
  const client = new ApiClient({ kubeConfig: sharedKubeConfig() });
  let dir: string;
  let ns: string;
  let modules: RecordedModule[];

  beforeAll(async () => {
    await installWidgetCrd(client);
    ns = await newNamespace(client, 'graph');
    await client.create<Widget>({
      apiVersion: 'core.operant.test/v1',
      kind: 'Widget',
      metadata: { namespace: ns, name: 'w1' },
      spec: { size: 2 },
    });
    dir = await mkdtemp(fileURLToPath(new URL('./fixtures/.module-graph-', import.meta.url)));
    const out = join(dir, 'modules.txt');
    const result = await run(await transpile(dir), ns, out);
    expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
      code: 0,
      stdout: 'reconciled w1\n',
      stderr: '',
    });
    modules = recordedModules(out);
  }, 60_000);

  afterAll(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('reconciled the Widget (its status was written through the CRD class)', async () => {
    expect((await client.get(WidgetType, { namespace: ns, name: 'w1' })).status).toEqual({ phase: 'Seen' });
  });

  it("loaded the user's class and the runtime from @operant/crd's and @operant/core's built dist/", () => {
    const urls = modules.map((m) => m.url);
    expect(urls).toContainEqual(expect.stringMatching(/\/crd-operator\.mjs$/));
    expect(urls).toContainEqual(
      expect.stringMatching(/\/packages\/crd\/dist\/decorators\/custom-resource\.decorator\.js$/),
    );
    expect(urls).toContainEqual(expect.stringMatching(/\/packages\/core\/dist\/manager\/manager\.js$/));
  });

  it('loaded neither CEL nor RE2', () => {
    expect(packagesLoaded(modules, ['@marcbachmann/cel-js', 're2-wasm'])).toEqual([]);
  });

  it("loaded none of @operant/crd's schema builder, structural check, validate(), metadata readers of class-validator and class-transformer, or the Kubernetes types' schemas", () => {
    const heavy = modules
      .map((m) => m.url)
      .filter((url) =>
        /\/packages\/crd\/dist\/(schema|validate|check|internal)\/|\/crd\/build-crds\.js$|\/crd\/dist\/k8s\/(flatten|data)\.js$|\/crd\/data\//.test(
          url,
        ),
      );
    expect(heavy).toEqual([]);
  });

  it('loaded class-validator (with validator and libphonenumber-js) and class-transformer: the class imports them', () => {
    const names = ['class-validator', 'validator', 'libphonenumber-js', 'class-transformer'];
    expect(packagesLoaded(modules, names)).toEqual(
      names.map((name) => expect.stringMatching(new RegExp(`^\\d+ modules of ${name}, the first: `))),
    );
  });
});
