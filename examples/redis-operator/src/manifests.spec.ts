/**
 * Drift check: config/crd/bases and config/rbac/role.yaml are what `pnpm manifests`
 * (operant crd-gen and rbac-gen, the built CLI) makes of src/ today.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';

const root = fileURLToPath(new URL('..', import.meta.url));
const operant = fileURLToPath(new URL('../../../packages/cli/dist/main.js', import.meta.url));
const run = (...args: string[]) => promisify(execFile)(process.execPath, [operant, ...args], { cwd: root });

describe('generated manifests', () => {
  it('config/crd/bases matches the RedisCluster class', async () => {
    const { stdout } = await run('crd-gen', 'src/api', '--out', 'config/crd/bases', '--check');
    expect(stdout).toBe('1 CRD file(s) in config/crd/bases are up to date\n');
  }, 30_000);

  it('config/rbac/role.yaml matches the controllers', async () => {
    const { stdout } = await run('rbac-gen', 'src/controllers', '-o', 'config/rbac/role.yaml', '--check');
    expect(stdout).toBe('config/rbac/role.yaml is up to date\n');
  }, 30_000);
});
