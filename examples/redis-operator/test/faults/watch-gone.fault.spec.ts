/**
 * Watch history compacted under the operator: kube-apiserver without its watch cache,
 * etcd compacted every 2 s, and the operator's connection cut (a TCP proxy) while the
 * load generator writes. On reconnect its watches resume from compacted resourceVersions,
 * get 410 Gone, relist, and every change (deletes included) converges.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, type Operator } from '@operant/core';
import { eventually } from '@operant/testing';
import { useControlPlane } from '@operant/testing/jest';
import { TcpProxy } from '../../../../packages/core/test/fixtures/tcp-proxy.js';
import { startOperator } from '../fixtures/operator.js';
import { report } from './fixtures/figures.js';
import { Fleet } from './fixtures/fleet.js';
import { faultControlPlane, NO_RESYNC, reconcileErrors, reflectorErrors, relists, sleep } from './fixtures/scenario.js';

const { options, skip } = faultControlPlane({
  apiServerFlags: { 'watch-cache': 'false', 'etcd-compaction-interval': '2s' },
});

(skip === undefined ? describe : describe.skip)(`fault: 410 Gone on resume${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const env = useControlPlane(options);
  let fleet: Fleet;
  let app: Operator;
  let running: Promise<void>;
  let proxy: TcpProxy;

  beforeAll(async () => {
    fleet = new Fleet(new ApiClient({ kubeConfig: env.kubeConfig() }), {
      namespace: 'gone',
      registryNamespace: 'gone-registry',
    });
    await fleet.setUp();
    const url = new URL(env.server);
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port) });
    await proxy.start();
    ({ app, running } = await startOperator(
      env,
      { resyncPeriodMs: NO_RESYNC, registryNamespace: 'gone-registry' },
      { cache: { reflector: { backoff: { initialMs: 500, maxMs: 1000 } } } },
      'redis-operator',
      (kc) => proxy.kubeConfigFor(kc),
    ));
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await running;
    await proxy?.stop();
  }, 60_000);

  it('relists after 410 and converges', async () => {
    await fleet.burst({ creates: 10 });
    await fleet.waitConverged();
    proxy.cut();
    await fleet.burst({ creates: 4, updates: 8, deletes: 4 });
    await sleep(8000); // four compactions: every resourceVersion the operator holds is gone
    proxy.heal();
    const healed = Date.now();
    const { ms, lost } = await fleet.waitConverged();
    expect(lost).toBe(0);
    await eventually(() => expect(reflectorErrors(app)).toContain('gone'));
    report('watch history compacted (410 Gone)', {
      clusters: fleet.ledger.size,
      convergeMs: ms,
      sinceHealMs: Date.now() - healed,
      reconcileErrors: await reconcileErrors(app),
      relists: relists(app),
      watchErrors: reflectorErrors(app).join(' '),
      lost,
    });
  });
});
