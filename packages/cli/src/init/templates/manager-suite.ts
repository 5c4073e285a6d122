/**
 * `test/manager.int.spec.ts`: the first envtest suite, kubebuilder's `suite_test.go` in
 * jest: the operator of `AppModule` starts against the control plane of jest's global
 * setup and becomes ready (its caches synced).
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const managerSuite: ScaffoldFile = {
  path: 'test/manager.int.spec.ts',
  content: `/**
 * The operator against a real control plane (envtest, started by jest's global setup):
 * it starts with every controller of AppModule and reports ready.
 */
import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperantFactory, type Operator } from '@operant/core';
import { eventually } from '@operant/testing';
import { sharedKubeConfig } from '@operant/testing/jest';
import { AppModule } from '../src/app.module.js';

describe('manager', () => {
  let app: Operator;
  let running: Promise<void>;

  beforeAll(async () => {
    app = await OperantFactory.create(AppModule, { manager: { kubeConfig: sharedKubeConfig() } });
    running = app.start();
  });

  afterAll(async () => {
    await app.stop();
    await running;
  });

  it('starts against the control plane and becomes ready', async () => {
    await eventually(async () => {
      const ready = await app.manager.readyz.respond('', new URLSearchParams('verbose'));
      expect(ready).toMatchObject({ status: 200 });
    });
  });
});
`,
};
