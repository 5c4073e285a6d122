/**
 * Lease renewals do not queue behind the controllers' requests in the client-side rate
 * limiter (`client: { qps, burst }`): with a limiter of 1 request every 2 s saturated by
 * live lists for longer than the renew deadline, the leader keeps renewing its Lease and a
 * shard member its membership, and neither manager fails. (Without a wire of their own the
 * renewals waited for the limiter, the renew deadline of 2 s passed, and both lost.)
 */
import { expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { ApiClient } from '../src/client/api-client.js';
import { newManager } from '../src/manager/manager.js';
import { Lease } from '../src/resources/kinds.js';
import { eventually, leaderCandidateOptions, newNamespace, useCleanups } from './fixtures/helpers.js';

describeWithControlPlane('the Lease wire under a saturated client rate limiter', () => {
  const kc = sharedKubeConfig();
  const api = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();

  it('keeps renewing the leader and member Leases while the limiter is backed up past the renew deadline', async () => {
    const ns = await newNamespace(api, 'lease-wire');
    const mgr = newManager({
      kubeConfig: kc,
      ...leaderCandidateOptions(ns, 'lease-wire', true),
      client: { qps: 0.5, burst: 1 },
      sharding: { group: 'lease-wire', namespace: ns, identity: 'only', ranges: 16 },
    });
    let failed: unknown;
    const stop = new AbortController();
    const running = mgr.start(stop.signal).catch((err: unknown) => {
      failed = err;
    });
    cleanup(async () => {
      stop.abort();
      await running;
    });
    await mgr.elected();
    const renewTimes = async () =>
      (await api.list(Lease, { namespace: ns })).items.map((l) => `${l.metadata?.name}@${l.metadata?.resourceVersion}`);
    const before = await renewTimes();
    expect(before).toHaveLength(2); // the leader Lease and the member Lease
    // 6 live lists through the manager's limiter: about 12 s of waiting, past the 2 s renew deadline
    const lists = Array.from({ length: 6 }, () => mgr.apiReader.list(V1ConfigMap, { namespace: ns }));
    await eventually(
      async () => {
        const now = await renewTimes();
        expect(now.filter((t) => !before.includes(t))).toHaveLength(2); // both renewed meanwhile
      },
      { timeout: 10_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 4_000)); // two renew deadlines
    expect(failed).toBeUndefined();
    await Promise.all(lists);
    expect(failed).toBeUndefined();
  }, 60_000);
});
