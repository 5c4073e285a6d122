/**
 * etcd paused (SIGSTOP) for longer than the operator's watch timeouts (inactivity 5 s,
 * server-side watch timeout 5-10 s), with writes queued against it, then resumed (SIGCONT).
 * The watches go silent, are abandoned and resumed; every change converges.
 */
import { expect, it } from '@jest/globals';
import { describeOrSkip, useControlPlane } from '@operant/testing/jest';
import { report } from './fixtures/figures.js';
import {
  faultControlPlane,
  reconcileErrors,
  reflectorErrors,
  relists,
  sleep,
  useFleetAndOperator,
} from './fixtures/scenario.js';

const { options, skip } = faultControlPlane();
const PAUSE_MS = 12_000;

describeOrSkip(`fault: etcd paused`, skip, () => {
  const env = useControlPlane(options);
  const ctx = useFleetAndOperator(env, 'paused', {
    cache: { reflector: { inactivityTimeoutMs: 5000, minWatchTimeoutSeconds: 5 } },
  });

  it('converges once etcd resumes', async () => {
    const { fleet, app } = ctx;
    await fleet.burst({ creates: 10 });
    await fleet.waitConverged();
    const etcd = env.pids().etcd;
    expect(etcd).toBeDefined();
    process.kill(etcd as number, 'SIGSTOP');
    let burst: Promise<void>;
    try {
      burst = fleet.burst({ creates: 4, updates: 8, deletes: 3 }); // hangs until etcd is back
      await sleep(PAUSE_MS);
    } finally {
      process.kill(etcd as number, 'SIGCONT'); // never leave it stopped
    }
    const resumed = Date.now();
    await burst;
    await fleet.burst({ creates: 2, updates: 3 });
    const { ms, lost } = await fleet.waitConverged();
    expect(lost).toBe(0);
    report('etcd SIGSTOP 12 s, then SIGCONT', {
      clusters: fleet.ledger.size,
      pauseMs: PAUSE_MS,
      convergeMs: ms,
      sinceResumeMs: Date.now() - resumed,
      reconcileErrors: await reconcileErrors(app),
      relists: relists(app),
      watchErrors: reflectorErrors(app).join(' ') || 'none',
      writeRetries: fleet.writeRetries.count,
      lost,
    });
  });
});
