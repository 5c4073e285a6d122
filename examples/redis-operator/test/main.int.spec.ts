/**
 * The example's own `src/main.ts` (built: dist/main.js) as a process: a start failure —
 * `--leader-elect` outside a cluster without `--leader-election-namespace`, or a bad flag —
 * is exactly one JSON line on stderr with the error and its stack, and exit status 1.
 * (The SIGTERM path of the same `runOperator` main: packages/core/test/sigterm.int.spec.ts.)
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from '@jest/globals';
import { describeWithControlPlane, KUBECONFIG_VAR } from '@operant/testing/jest';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

function runMain(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args], {
      env: { ...process.env, KUBECONFIG: process.env[KUBECONFIG_VAR] },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describeWithControlPlane('src/main.ts', () => {
  it.each([
    [['--leader-elect'], /^unable to start leader election: no namespace .*; set --leader-election-namespace/],
    [['--leader-elect=maybe'], /'--leader-elect' does not take an argument/],
  ])(
    'on a start failure (%j), prints one JSON line with the error and its stack and exits 1',
    async (args, message) => {
      const { code, stdout, stderr } = await runMain(args);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      const lines = stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      const entry = JSON.parse(lines[0] as string);
      expect(entry).toMatchObject({ level: 'error', logger: 'setup', msg: 'unable to run the manager' });
      expect(entry.error.message).toMatch(message);
      expect(entry.error.stack).toMatch(/\n\s+at /);
    },
    30_000,
  );
});
