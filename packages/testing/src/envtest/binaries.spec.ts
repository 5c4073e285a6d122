import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { assetEnvName, defaultAssetsDirectory, resolveBinaries } from './binaries.js';
import { EnvtestError } from './errors.js';

describe('resolveBinaries', () => {
  let dir: string;
  // an environment with every default location moved into the temp folder
  let env: NodeJS.ProcessEnv;

  const fakeBinary = (folder: string, name: string): string => {
    mkdirSync(folder, { recursive: true });
    const path = join(folder, name);
    writeFileSync(path, '#!/bin/sh\n');
    chmodSync(path, 0o755);
    return path;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'operant-binaries-'));
    env = { XDG_CACHE_HOME: join(dir, 'cache'), XDG_DATA_HOME: join(dir, 'data') };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names TEST_ASSET_ variables like controller-runtime', () => {
    expect(assetEnvName('kube-apiserver')).toBe('TEST_ASSET_KUBE_APISERVER');
    expect(assetEnvName('kube-controller-manager')).toBe('TEST_ASSET_KUBE_CONTROLLER_MANAGER');
    expect(assetEnvName('etcd')).toBe('TEST_ASSET_ETCD');
  });

  it('prefers TEST_ASSET_* over KUBEBUILDER_ASSETS over the cache', () => {
    const cached = fakeBinary(defaultAssetsDirectory(env), 'etcd');
    expect(resolveBinaries(['etcd'], { env }).etcd).toBe(cached);
    const assets = fakeBinary(join(dir, 'assets'), 'etcd');
    env.KUBEBUILDER_ASSETS = join(dir, 'assets');
    expect(resolveBinaries(['etcd'], { env }).etcd).toBe(assets);
    const single = fakeBinary(join(dir, 'single'), 'my-etcd');
    env.TEST_ASSET_ETCD = single;
    expect(resolveBinaries(['etcd'], { env }).etcd).toBe(single);
  });

  it('does not fall through from an explicit KUBEBUILDER_ASSETS that lacks a binary', () => {
    fakeBinary(defaultAssetsDirectory(env), 'kube-apiserver');
    env.KUBEBUILDER_ASSETS = join(dir, 'empty');
    expect(() => resolveBinaries(['kube-apiserver'], { env })).toThrow(/empty\/kube-apiserver \(KUBEBUILDER_ASSETS\)/);
  });

  it('fails with one clear error naming every missing binary, the env vars and pnpm envtest:assets', () => {
    let caught: unknown;
    try {
      resolveBinaries(['etcd', 'kube-apiserver', 'kube-controller-manager'], { env });
    } catch (err) {
      caught = err;
    }
    expect(EnvtestError.is(caught, 'binariesMissing')).toBe(true);
    const message = (caught as Error).message;
    expect(message).toMatch(/^unable to find the envtest control-plane binaries/);
    for (const text of [
      'etcd: not found',
      'kube-apiserver: not found',
      'kube-controller-manager: not found',
      'KUBEBUILDER_ASSETS',
      'TEST_ASSET_ETCD',
      'TEST_ASSET_KUBE_APISERVER',
      'TEST_ASSET_KUBE_CONTROLLER_MANAGER',
      'pnpm envtest:assets',
      defaultAssetsDirectory(env),
    ]) {
      expect(message).toContain(text);
    }
  });
});
