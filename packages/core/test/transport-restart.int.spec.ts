/**
 * The wire on a control plane of the suite's own: client certificate files that are
 * replaced (a rotated certificate) are picked up without a restart, on a new connection;
 * and across a kube-apiserver restart, a write sent while it is down fails as
 * `ClientError('transport')`, the next request dials again, and the cache's watch resumes
 * without losing the changes made right after the restart.
 */
import diagnostics from 'node:diagnostics_channel';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { eventually } from '@operant/testing';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import { ClientError } from '../src/api/status-error.js';
import { Cache } from '../src/cache/cache.js';
import { ApiClient } from '../src/client/api-client.js';
import { RestClient } from '../src/client/rest.js';
import { closeTransports } from '../src/client/transport/transport.js';
import { cm, newNamespace } from './fixtures/helpers.js';
import { type RecordedEvent, recorder } from './fixtures/recorder.js';
import { kubeConfigFile, whoAmI } from './fixtures/wire.js';

const skip = ownControlPlaneSkipReason();

const pem = (data: string | undefined): string => Buffer.from(data ?? '', 'base64').toString('utf8');

describeOrSkip('the wire on its own control plane', skip, () => {
  const env = useControlPlane();
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'operant-transport-'));
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await closeTransports();
  });

  it('should pick up rotated client certificate files without a restart', async () => {
    const [alice, bob] = [await env.addUser('alice'), await env.addUser('bob')];
    const certFile = join(dir, 'tls.crt');
    const keyFile = join(dir, 'tls.key');
    const install = (user: typeof alice) => {
      const u = user.kubeConfig.getCurrentUser();
      writeFileSync(certFile, pem(u?.certData));
      writeFileSync(keyFile, pem(u?.keyData));
    };
    install(alice);
    // relative paths are relative to the kubeconfig's folder
    const kc = kubeConfigFile(dir, env.kubeConfig().getCurrentCluster(), [
      'client-certificate: tls.crt',
      'client-key: tls.key',
    ]);
    const rest = new RestClient(kc);
    expect(await whoAmI(rest)).toBe('alice');
    install(bob);
    await eventually(async () => expect(await whoAmI(rest)).toBe('bob'));
  });

  it('should fail writes as transport while the API server is down and resume the watch after it', async () => {
    const api = new ApiClient({ kubeConfig: env.kubeConfig() });
    const ns = await newNamespace(api, 'wire-restart');
    const before = await api.create(cm(ns, 'before', { v: '1' }));
    const stop = new AbortController();
    const cache = new Cache({ kubeConfig: env.kubeConfig(), byObject: [{ type: V1ConfigMap, namespaces: [ns] }] });
    const events: RecordedEvent[] = [];
    cache.getInformer(V1ConfigMap).addEventHandler(recorder(events));
    const running = cache.start(stop.signal);
    let reachableAgain = 0;
    const removeObserver = api.rest.onReachable(() => reachableAgain++);
    try {
      expect(await cache.waitForCacheSync(stop.signal)).toBe(true);
      await eventually(() => expect(cache.health()[0]?.reflectors[0]?.watching).toBe(true));

      // every connect of the process from here on: the restart kills the shared connection
      let dials = 0;
      const dialed = () => {
        dials++;
      };
      diagnostics.subscribe('net.client.socket', dialed);
      let whileDown: unknown;
      try {
        await env.restartApiServer(async () => {
          whileDown = await api.create(cm(ns, 'lost')).catch((err: unknown) => err);
        });
        expect(ClientError.is(whileDown, 'transport')).toBe(true);
        // this client's last request failed on the wire (the cache's reflector has its own RestClient)
        expect(api.rest.reachable).toBe(false);
        await api.create(cm(ns, 'born', { v: 'new' }));
      } finally {
        diagnostics.unsubscribe('net.client.socket', dialed);
      }
      // the requests after the restart dialed again (on the connection the process shares)
      expect(dials).toBeGreaterThanOrEqual(1);
      expect(reachableAgain).toBe(1);
      await api.update({ ...before, metadata: { ...before.metadata, resourceVersion: undefined }, data: { v: '2' } });

      await eventually(() => {
        const after = events.filter((e) => !e.initial);
        expect(after.find((e) => e.name === 'born')?.type).toBe('add');
        expect(after.find((e) => e.name === 'before')).toMatchObject({ type: 'update', data: { v: '2' } });
      }, 60_000);
      expect(events.some((e) => e.name === 'lost')).toBe(false);
      expect(cache.health()[0]?.reflectors[0]?.lastError).toBeDefined(); // the watch did break
    } finally {
      removeObserver();
      stop.abort();
      await running;
    }
  }, 120_000);
});
