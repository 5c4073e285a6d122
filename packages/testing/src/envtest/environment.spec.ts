import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Environment } from './environment.js';
import { EnvtestError } from './errors.js';

// Failure paths of the harness that need no control plane; the happy paths are in
// packages/testing/test/*.int.spec.ts against real binaries.
describe('Environment start failures', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const ownTempDirs = () => readdirSync(tmpdir()).filter((d) => d.startsWith('operant-envtest-'));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'operant-envspec-'));
    env = { XDG_CACHE_HOME: join(dir, 'cache'), XDG_DATA_HOME: join(dir, 'data') };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('fails fast with the clear missing-binaries error and creates nothing', async () => {
    const before = ownTempDirs();
    const started = new Environment({ env }).start();
    await expect(started).rejects.toThrow(
      /unable to find the envtest control-plane binaries[\s\S]*pnpm envtest:assets/,
    );
    await expect(started).rejects.toMatchObject({ name: 'EnvtestError', kind: 'binariesMissing' });
    expect(ownTempDirs()).toEqual(before);
  });

  it('reports the tail of a process that exits during start, and cleans up its folder', async () => {
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    for (const name of ['etcd', 'kube-apiserver']) {
      writeFileSync(
        join(bin, name),
        // it writes down its arguments (etcd's name its data folder, inside the environment's own)
        `#!/bin/sh\necho "$@" > "${join(dir, `${name}.args`)}"\necho "${name}: line one"\necho "${name}: fatal: cannot start" >&2\nexit 3\n`,
      );
      chmodSync(join(bin, name), 0o755);
    }
    const environment = new Environment({ env: { ...env, KUBEBUILDER_ASSETS: bin }, startTimeoutMs: 10_000 });
    let caught: unknown;
    try {
      await environment.start();
    } catch (err) {
      caught = err;
    }
    expect(EnvtestError.is(caught, 'startFailed')).toBe(true);
    expect((caught as Error).message).toMatch(/^unable to start etcd: it exited \(exit code 3\)/);
    expect((caught as Error).message).toContain('etcd: fatal: cannot start');
    // the folder it made is gone (other suites may be making their own meanwhile: only this one counts)
    const dataDir = /--data-dir[= ](\S+)/.exec(readFileSync(join(dir, 'etcd.args'), 'utf8'))?.[1];
    expect(dataDir).toContain('operant-envtest-');
    expect(existsSync(dirname(dataDir as string))).toBe(false);
    expect(environment.directory === undefined || !existsSync(environment.directory)).toBe(true);
    await environment.stop(); // a second stop is harmless
    await expect(environment.start()).rejects.toMatchObject({ kind: 'stopped' });
  });

  it('rejects an unparsable start timeout before starting anything', async () => {
    const environment = new Environment({ env: { ...env, KUBEBUILDER_CONTROLPLANE_START_TIMEOUT: 'soon' } });
    await expect(environment.start()).rejects.toThrow(/unable to parse KUBEBUILDER_CONTROLPLANE_START_TIMEOUT "soon"/);
  });
});
