// On a Node.js older than Operant needs, the `operant` bin, `runOperator` (the scaffold's
// src/main.ts), `newManager`, the jest global setup (the scaffold's `pnpm test`) and the
// scaffold's `pnpm envtest` script each say in one line which Node to install, instead of
// failing on a `SyntaxError` or a `TypeError` deep inside. Run with an old `node` found on the machine (Debian's, outside
// the toolchain this run uses); skipped, with the reason, where there is none.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { nodeVersionProblem } from '@operant/core/api';
import { envtestScript } from './init/templates/envtest-script.js';

const candidates = ['/usr/bin/node', '/usr/local/bin/node', '/bin/node'];
const old = candidates.find((bin) => {
  try {
    const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
    return nodeVersionProblem(version) !== undefined;
  } catch {
    return false;
  }
});
if (old === undefined)
  console.warn(`skipping the old-Node checks: no Node.js older than Operant needs at ${candidates}`);
const suite = old === undefined ? describe.skip : describe;
const workspace = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs `args` with the old node in `cwd`; its exit code and output. */
function onOldNode(cwd: string, ...args: string[]) {
  const run = spawnSync(old as string, args, { cwd, encoding: 'utf8', env: { PATH: '/usr/bin:/bin', HOME: '/tmp' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}
const oneLine = expect.stringMatching(
  /^[^\n]*needs Node\.js 22\.19\.0 or newer, and this is \d+\.\d+\.\d+: install Node\.js 24[^\n]*\n$/,
);

suite('on a Node.js older than Operant needs', () => {
  it('the operant bin prints one line and exits 1', () => {
    expect(onOldNode(workspace, 'packages/cli/dist/main.js', '--help')).toEqual({
      code: 1,
      stdout: '',
      stderr: oneLine,
    });
  });

  it('runOperator (src/main.ts of a scaffolded project) prints one line and exits 1, without running main', () => {
    const main = "import('@operant/core').then((m) => m.runOperator(async () => console.log('main ran')))";
    expect(onOldNode(`${workspace}packages/core`, '--input-type=module', '-e', main)).toEqual({
      code: 1,
      stdout: '',
      stderr: oneLine,
    });
  });

  it('newManager refuses with the same line', () => {
    const script =
      "const { newManager } = await import('@operant/core/manager'); try { newManager(); } catch (e) { console.log(e.message) }";
    const run = onOldNode(`${workspace}packages/core`, '--input-type=module', '-e', script);
    expect(run.stdout).toEqual(oneLine);
  });

  it("the test setup (@operant/testing's jest global setup) fails with the same line", () => {
    const script = `const setup = await import('${workspace}packages/testing/dist/jest/global-setup.js');
      await setup.default().catch((e) => console.log(e.message));`;
    const run = onOldNode(`${workspace}packages/testing`, '--input-type=module', '-e', script);
    expect(run.stdout).toEqual(oneLine);
  });

  it("the scaffold's scripts/envtest.mjs (pnpm envtest) prints the line and exits 1", async () => {
    const dir = await mkdtemp(join(`${workspace}packages/cli/`, '.old-node-'));
    try {
      await mkdir(join(dir, 'scripts'));
      await writeFile(join(dir, envtestScript.path), envtestScript.content);
      expect(onOldNode(dir, envtestScript.path)).toEqual({ code: 1, stdout: '', stderr: oneLine });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
