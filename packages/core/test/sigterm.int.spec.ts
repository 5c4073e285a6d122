/**
 * SIGTERM to an operator process with reconciles in flight: they finish, the manager
 * stops, and the process exits 0 on its own (setupSignalHandler + graceful shutdown).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from '@jest/globals';
import { describeWithControlPlane, KUBECONFIG_VAR, sharedKubeConfig } from '@operant/testing/jest';
import { ApiClient } from '../src/client/api-client.js';
import { eventually, installWidgetCrd, newNamespace } from './fixtures/helpers.js';

const script = fileURLToPath(new URL('./fixtures/sigterm-operator.mjs', import.meta.url));

describeWithControlPlane('SIGTERM', () => {
  it('lets in-flight reconciles finish, then the process exits 0', async () => {
    const client = new ApiClient({ kubeConfig: sharedKubeConfig() });
    await installWidgetCrd(client);
    const ns = await newNamespace(client, 'sigterm');
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, KUBECONFIG_FILE: process.env[KUBECONFIG_VAR], NAMESPACE: ns },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      for (const name of ['a', 'b']) {
        await client.create({ apiVersion: 'core.operant.test/v1', kind: 'Widget', metadata: { namespace: ns, name } });
      }
      await eventually(() => expect(output).toMatch(/started a[\s\S]*started b|started b[\s\S]*started a/), 30_000);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const lines = output.trim().split('\n');
      expect(lines.filter((l) => l.startsWith('finished'))).toHaveLength(2);
      expect(lines.at(-1)).toBe('stopped');
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
