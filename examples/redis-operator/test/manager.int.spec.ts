/**
 * The scaffold's first envtest suite (`operant init` writes test/manager.int.spec.ts): the
 * operator starts with every controller of AppModule against the root suite's shared
 * control plane and reports ready. The shared control plane is started without this
 * example's CRDs (a scaffolded project's jest config passes config/crd/bases to it), so the
 * suite installs the RedisCluster CRD itself and removes it afterwards.
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import { Operant, type Operator } from '@operant/core';
import { eventually, installCrds, uninstallCrds } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { AppModule } from '../src/app.module.js';

const crdDir = fileURLToPath(new URL('../config/crd/bases', import.meta.url));

describeWithControlPlane('manager', () => {
  let crds: V1CustomResourceDefinition[] = [];
  let app: Operator;
  let running: Promise<void>;

  beforeAll(async () => {
    crds = await installCrds(sharedKubeConfig(), { paths: [crdDir] });
    app = await Operant.create(AppModule, { manager: { kubeConfig: sharedKubeConfig() } });
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
});
