/**
 * The scaffold's first envtest suite (`operant init` writes test/manager.int.spec.ts): the
 * operator starts with every controller of AppModule against the root suite's shared
 * control plane and reports ready. The shared control plane is started without this
 * example's CRDs (a scaffolded project's jest config passes config/crd/bases to it), so the
 * suite installs the RedisCluster CRD itself and removes it afterwards.
 *
 * The operator also starts as its own process (`node dist/main.js`, as its image runs it)
 * without loading client-node's generated model classes (scripts/module-graph records what
 * the process loads).
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import { OperantFactory, type Operator } from '@operant/core';
import { eventually, installCrds, uninstallCrds } from '@operant/testing';
import { describeWithControlPlane, KUBECONFIG_VAR, sharedKubeConfig } from '@operant/testing/jest';
import { generatedModelsLoaded, recordedModules, recorder } from '../../../scripts/module-graph/index.mjs';
import { AppModule } from '../src/app.module.js';
import { redisOperatorCache } from '../src/cache.js';

const crdDir = fileURLToPath(new URL('../config/crd/bases', import.meta.url));
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

describeWithControlPlane('manager', () => {
  let crds: V1CustomResourceDefinition[] = [];
  let app: Operator;
  let running: Promise<void>;

  beforeAll(async () => {
    crds = await installCrds(sharedKubeConfig(), { paths: [crdDir] });
    app = await OperantFactory.create(AppModule, {
      manager: { cache: redisOperatorCache, kubeConfig: sharedKubeConfig() },
    });
    running = app.start();
  });

  afterAll(async () => {
    await app?.stop();
    await running;
    await uninstallCrds(sharedKubeConfig(), crds);
  });

  it('starts against the control plane and becomes ready', async () => {
    await eventually(async () => {
      const ready = await app.manager.readyz.respond('', new URLSearchParams('verbose'));
      expect(ready).toMatchObject({ status: 200 });
    });
  });

  it("starts as a process without loading client-node's generated models", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'redis-operator-graph-'));
    const graph = join(dir, 'graph.txt');
    const args = ['--import', recorder, main, '--metrics-bind-address=0', '--health-probe-bind-address=0'];
    const child = spawn(process.execPath, args, {
      env: { ...process.env, KUBECONFIG: process.env[KUBECONFIG_VAR], MODULE_GRAPH_OUT: graph },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await eventually(() => expect(output).toContain('starting workers'), { timeout: 30_000 });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(generatedModelsLoaded(recordedModules(graph))).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
