/**
 * Several writers at once: three clients updating the same RedisClusters (conflicting with
 * each other and with the operator's finalizer writes) and a meddler that rescales the
 * operator's Deployments behind its back. When they stop, every cluster holds the spec of
 * the last successful write and its Deployment matches it again.
 */
import { expect, it } from '@jest/globals';
import type { V1Deployment } from '@kubernetes/client-node';
import { isConflict, isNotFound } from '@operant/core';
import { ApiClient } from '@operant/core/client';
import { Deployment } from '@operant/core/kinds';
import { describeOrSkip, useControlPlane } from '@operant/testing/jest';
import { report } from './fixtures/figures.js';
import { faultControlPlane, reconcileErrors, useFleetAndOperator } from './fixtures/scenario.js';

const { options, skip } = faultControlPlane();

describeOrSkip(`fault: conflicting writers`, skip, () => {
  const env = useControlPlane(options);
  const ctx = useFleetAndOperator(env, 'conflicts');

  it('converges on the last write of each object', async () => {
    const { fleet, app } = ctx;
    const api = new ApiClient({ kubeConfig: env.kubeConfig() });
    await fleet.burst({ creates: 6 });
    const names = fleet.live();
    const writer = async () => {
      for (let round = 0; round < 15; round++) await fleet.update(names[fleet.pick(names.length)] as string);
    };
    let meddled = 0;
    const meddler = async () => {
      for (let round = 0; round < 20; round++) {
        const name = names[round % names.length] as string;
        try {
          const d = await api.get(Deployment, { namespace: fleet.namespace, name });
          await api.update({ ...d, spec: { ...d.spec, replicas: 9 } } as V1Deployment);
          meddled++;
        } catch (err) {
          if (!isConflict(err) && !isNotFound(err)) throw err;
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), meddler()]);
    const { ms, lost } = await fleet.waitConverged();
    expect(lost).toBe(0);
    expect(fleet.writeRetries.count).toBeGreaterThan(0); // the writers did conflict
    report('conflicting writers', {
      clusters: names.length,
      writes: 45,
      writerConflicts: fleet.writeRetries.count,
      deploymentsRescaled: meddled,
      convergeMs: ms,
      reconcileErrors: await reconcileErrors(app),
      lost,
    });
  });
});
