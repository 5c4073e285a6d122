/**
 * Watch history compacted under the operator: kube-apiserver without its watch cache,
 * etcd compacted every 2 s, and the operator's connection cut (a TCP proxy) while the
 * load generator writes. On reconnect its watches resume from compacted resourceVersions,
 * get 410 Gone, relist, and every change (deletes included) converges.
 */

import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { KubeConfig } from '@kubernetes/client-node';
import { eventually } from '@operant/testing';
import { describeOrSkip, useControlPlane } from '@operant/testing/jest';
import { TcpProxy } from '../../../../packages/core/test/fixtures/tcp-proxy.js';
import { report } from './fixtures/figures.js';
import {
  faultControlPlane,
  reconcileErrors,
  reflectorErrors,
  relists,
  sleep,
  useFleetAndOperator,
} from './fixtures/scenario.js';

const { options, skip } = faultControlPlane({
  apiServerFlags: { 'watch-cache': 'false', 'etcd-compaction-interval': '2s' },
});

describeOrSkip(`fault: 410 Gone on resume`, skip, () => {
  const env = useControlPlane(options);
  let proxy: TcpProxy;
  beforeAll(async () => {
    const url = new URL(env.server);
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port) });
    await proxy.start();
  });
  const ctx = useFleetAndOperator(
    env,
    'gone',
    { cache: { reflector: { backoff: { initialMs: 500, maxMs: 1000 } } } },
    (kc: KubeConfig) => proxy.kubeConfigFor(kc),
  );
  afterAll(async () => {
    await proxy?.stop();
  });

  it('relists after 410 and converges', async () => {
    const { fleet, app } = ctx;
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
