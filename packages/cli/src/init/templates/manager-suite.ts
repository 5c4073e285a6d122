/**
 * `test/manager.int.spec.ts`: the first envtest suite, kubebuilder's `suite_test.go` in
 * jest: the operator of `AppModule` starts against the control plane of jest's global
 * setup and becomes ready (its caches synced, and, once `create webhook` added webhooks,
 * its webhook server serving a certificate envtest's `WebhookInstall` made, as kubebuilder's
 * suite starts it with `WebhookInstallOptions`).
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const managerSuite: ScaffoldFile = {
  path: 'test/manager.int.spec.ts',
  content: `/**
 * The operator against a real control plane (envtest, started by jest's global setup):
 * it starts with every controller and webhook of AppModule and reports ready. The webhook
 * server (when AppModule has webhooks) serves a certificate made for the test; nothing on
 * the shared control plane calls it (test/*.webhook.int.spec.ts does, on a control plane
 * of its own).
 */
import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperantFactory, type Operator } from '@operant/core';
import { eventually, WebhookInstall } from '@operant/testing';
import { sharedKubeConfig } from '@operant/testing/jest';
import { AppModule } from '../src/app.module.js';

describe('manager', () => {
  const webhooks = new WebhookInstall();
  let app: Operator;
  let running: Promise<void>;

  beforeAll(async () => {
    await webhooks.setup(); // a CA, a serving certificate for 127.0.0.1 and a free port
    app = await OperantFactory.create(AppModule, {
      manager: { kubeConfig: sharedKubeConfig(), webhookServer: webhooks.serverOptions() },
    });
    running = app.start();
    running.catch(() => undefined); // a start failure fails the test below, and afterAll reports it
  });

  afterAll(async () => {
    await app?.stop();
    await running;
    await webhooks.cleanup();
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
