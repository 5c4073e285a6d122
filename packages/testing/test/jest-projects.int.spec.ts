// This workspace's jest config starts the control plane only for the integration project:
// jest runs a project's globalSetup only when a test of that project is selected. A
// unit-only run (a path under src/, or --selectProjects unit) with recording binaries in
// KUBEBUILDER_ASSETS starts none of them; a run that selects an integration suite starts
// etcd from the same folder (and fails there, as the binaries do).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type RecordingAssets, recordingAssets } from './fixtures/recording-assets.js';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));

describe('the workspace jest config', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operant-jest-projects-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** jest in the workspace, outside this run's control plane and worker settings; resolves to its exit code. */
  const jest = (assets: RecordingAssets, ...args: string[]) => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !/^(OPERANT_ENVTEST_|KUBECONFIG$|JEST_|NODE_OPTIONS$)/.test(key)),
    );
    const argv = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', ...args];
    return new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        argv,
        { cwd: workspace, env: { ...env, KUBEBUILDER_ASSETS: assets.dir, CI: 'true' } },
        (err, stdout, stderr) => resolve({ code: err === null ? 0 : Number(err.code ?? 1), output: stdout + stderr }),
      );
    });
  };

  it.each([
    ['a unit spec by path', ['packages/testing/src/eventually.spec.ts']],
    ['--selectProjects unit', ['--selectProjects', 'unit', '--testPathPatterns', 'packages/testing/src/eventually']],
  ])(
    'starts no control plane for %s',
    async (_, args) => {
      const assets = await recordingAssets(dir);
      const run = await jest(assets, ...args);
      expect(run).toMatchObject({ code: 0 });
      expect(run.output).toMatch(/Tests: +\d+ passed/);
      expect(await assets.spawned()).toBe('');
    },
    120_000,
  );

  it('starts it when an integration suite is selected', async () => {
    const assets = await recordingAssets(dir);
    const run = await jest(assets, 'packages/testing/test/lifecycle.int.spec.ts');
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('globalSetup');
    expect(await assets.spawned()).toMatch(/^etcd$/m);
  }, 120_000);
});
