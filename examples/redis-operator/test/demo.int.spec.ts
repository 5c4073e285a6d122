/**
 * The demo, end to end as CI runs it (no stdin, no TTY): `scripts/demo.mjs` from the built
 * dist/ starts its own control plane, applies, scales and deletes the sample, and exits 0.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from '@jest/globals';
import { describeOrSkip, ownControlPlaneSkipReason } from '@operant/testing/jest';

const script = fileURLToPath(new URL('../scripts/demo.mjs', import.meta.url));
const skip = ownControlPlaneSkipReason({ controllerManager: true });

function runDemo(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describeOrSkip(`pnpm demo`, skip, () => {
  it('applies, scales and deletes the sample, shows what the operator did, and exits 0', async () => {
    const { code, output } = await runDemo();
    expect(output).toMatch(/control plane up at https:\/\/127\.0\.0\.1:\d+/);
    expect(output).toMatch(
      /reconcile default\/rediscluster-sample: service created, deployment created, registry record created/,
    );
    expect(output).toMatch(/view: RedisCluster size=3 phase=Pending ready=0\/3 nodes=3/);
    expect(output).toMatch(/view: RedisCluster size=5 phase=Pending ready=0\/5 nodes=5/);
    expect(output).toMatch(/event on RedisCluster: Normal Scaled "scaled from 3 to 5 nodes" \(by redis-operator\)/);
    expect(output).toMatch(/finalized: registry record removed/);
    expect(output).toMatch(/view: RedisCluster gone/);
    expect(output).toMatch(/done: \d+ reconciles, \d+ API requests, 0 forbidden/);
    expect(output).not.toMatch(/demo failed|error:/);
    expect(code).toBe(0);
  }, 120_000);
});
