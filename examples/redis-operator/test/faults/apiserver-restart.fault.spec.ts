/**
 * kube-apiserver killed and restarted (same etcd, same port) in the middle of a burst of
 * creates, updates and deletes. The load generator retries each write until the API server
 * takes it; the operator, with its resync off, must still converge on every change.
 */
import { expect, it } from '@jest/globals';
import { describeOrSkip, useControlPlane } from '@operant/testing/jest';
import { report } from './fixtures/figures.js';
import { faultControlPlane, reconcileErrors, relists, sleep, useFleetAndOperator } from './fixtures/scenario.js';

const { options, skip } = faultControlPlane();

describeOrSkip(`fault: kube-apiserver restart`, skip, () => {
  const env = useControlPlane(options);
  const ctx = useFleetAndOperator(env, 'restart');

  it('converges on every change made around the restart', async () => {
    const { fleet, app } = ctx;
    await fleet.burst({ creates: 12 });
    const pid = env.pids()['kube-apiserver'];
    const restarted = env.restartApiServer(() => sleep(2000));
    await fleet.burst({ creates: 8, updates: 12, deletes: 5 });
    await restarted;
    expect(env.pids()['kube-apiserver']).not.toBe(pid);
    await fleet.burst({ creates: 2, updates: 4, deletes: 2 });
    const { ms, lost } = await fleet.waitConverged();
    expect(lost).toBe(0);
    expect(relists(app) + (await reconcileErrors(app))).toBeGreaterThan(0); // the restart was felt
    report('kube-apiserver restart mid-burst', {
      clusters: fleet.ledger.size,
      convergeMs: ms,
      reconcileErrors: await reconcileErrors(app),
      relists: relists(app),
      writeRetries: fleet.writeRetries.count,
      lost,
    });
  });
});
