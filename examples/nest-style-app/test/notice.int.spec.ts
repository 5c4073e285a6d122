/**
 * The example operator on the real control plane, through its entry points only: a Notice
 * gets its ConfigMap; a status-only change does not reconcile; a paused or team-less Notice
 * is left alone; a RefreshBus event reconciles again.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { OperantFactory, type Operator } from '@operant/core';
import { ApiClient, mergePatch } from '@operant/core/client';
import { ConfigMap } from '@operant/core/kinds';
import { eventually, installCrds } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { AppModule, type Notice, NoticeType, RefreshBus } from '../src/index.js';

const crds = fileURLToPath(new URL('../config/crd', import.meta.url));

describeWithControlPlane('nest-style-app', () => {
  const kc = sharedKubeConfig();
  const api = new ApiClient({ kubeConfig: kc });
  const ns = `notices-${Date.now().toString(36)}`;
  let app: Operator;
  let running: Promise<void>;

  beforeAll(async () => {
    await installCrds(kc, { paths: [crds] });
    await api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    app = await OperantFactory.create(AppModule, { manager: { kubeConfig: kc, cache: { defaultNamespaces: [ns] } } });
    running = app.start();
  }, 60_000);

  afterAll(async () => {
    await app.stop();
    await running;
  });

  const notice = (name: string, labels: Record<string, string>, annotations: Record<string, string> = {}): Notice => ({
    apiVersion: 'example.operant.dev/v1',
    kind: 'Notice',
    metadata: { namespace: ns, name, labels, annotations },
    spec: { message: ` ${name} says hi `, shout: true },
  });
  const status = async (name: string) => (await api.get(NoticeType, { namespace: ns, name })).status;

  /** The value once it stops changing: the reconciles a change set off are done. */
  async function settled<T>(read: () => Promise<T>): Promise<T> {
    let last = JSON.stringify(await read());
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const next = await read();
      if (JSON.stringify(next) === last) return next;
      last = JSON.stringify(next);
    }
  }

  it('publishes a Notice, ignores status-only changes, and reconciles on a RefreshBus event', async () => {
    await api.create(notice('welcome', { team: 'platform' }));
    const cm = await eventually(() => api.get(ConfigMap, { namespace: ns, name: 'welcome-notice' }));
    expect(cm.data).toEqual({ message: 'WELCOME SAYS HI!' });
    expect(cm.metadata?.ownerReferences?.[0]).toMatchObject({ kind: 'Notice', name: 'welcome', controller: true });
    // the Notice's create reconciles, and so does its ConfigMap's create: class-level predicates
    // filter the for kind only, so an owned ConfigMap (no team label, no generation) still triggers
    await eventually(async () => expect((await status('welcome'))?.refreshes).toBeGreaterThanOrEqual(1));
    const refreshes = (await settled(() => status('welcome')))?.refreshes as number;

    // a status-only change (like the controller's own) changes no generation: no reconcile
    const current = await api.get(NoticeType, { namespace: ns, name: 'welcome' });
    await api.status().patch(current, mergePatch({ status: { refreshes: refreshes + 10 } }));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await status('welcome'))?.refreshes).toBe(refreshes + 10);

    app.get<RefreshBus>(RefreshBus).refresh(ns, 'welcome');
    await eventually(async () => expect((await status('welcome'))?.refreshes).toBe(refreshes + 11));
  });

  it('leaves team-less and paused Notices alone', async () => {
    await api.create(notice('orphan', {}));
    await api.create(notice('paused', { team: 'platform' }, { 'example.operant.dev/paused': 'true' }));
    await api.create(notice('control', { team: 'platform' }));
    await eventually(() => api.get(ConfigMap, { namespace: ns, name: 'control-notice' }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const names = (await api.list(ConfigMap, { namespace: ns })).items.map((c) => c.metadata?.name);
    expect(names).not.toContain('orphan-notice');
    expect(names).not.toContain('paused-notice');
  });
});
