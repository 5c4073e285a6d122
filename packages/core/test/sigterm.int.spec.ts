/**
 * The process around an operator's `main` (runOperator + managerOptionsFromFlags), as a
 * child process on the real control plane:
 * - SIGTERM while reconciles wait on a gate the spec holds: the process stays up, the
 *   reconciles finish once the gate opens, the process exits 0 (the drain ended within the
 *   shutdown timeout) and releases its Lease (--leader-election-release-on-cancel);
 * - a drain past the shutdown timeout: one JSON line, exit 1, the Lease kept;
 * - a start failure (leader election with no namespace outside a cluster, a bad flag):
 *   exactly one JSON line with the error and its stack on stderr, nothing else, exit 1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, expect, it } from '@jest/globals';
import { V1Lease } from '@kubernetes/client-node';
import { describeWithControlPlane, KUBECONFIG_VAR, sharedKubeConfig } from '@operant/testing/jest';
import { ApiClient } from '../src/client/api-client.js';
import { eventually, installWidgetCrd, newNamespace } from './fixtures/helpers.js';

const script = fileURLToPath(new URL('./fixtures/sigterm-operator.mjs', import.meta.url));
const lease = 'sigterm.operant.test';

interface Operator {
  child: ChildProcess;
  stdout: () => string[];
  stderr: () => string[];
  exited: Promise<number | null>;
  gate: (name: string) => void;
}

const children: ChildProcess[] = [];

function startOperator(namespace: string, args: string[], env: Record<string, string> = {}): Operator {
  const gates = mkdtempSync(join(tmpdir(), 'operant-sigterm-'));
  const child = spawn(process.execPath, [script, ...args], {
    env: {
      ...process.env,
      KUBECONFIG_FILE: process.env[KUBECONFIG_VAR],
      NAMESPACE: namespace,
      GATE_DIR: gates,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const lines = (text: string) => text.split('\n').filter((l) => l !== '');
  return {
    child,
    stdout: () => lines(out),
    stderr: () => lines(err),
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    gate: (name) => writeFileSync(join(gates, name), ''),
  };
}

describeWithControlPlane('an operator process', () => {
  let client: ApiClient;
  let ns: string;
  beforeAll(async () => {
    client = new ApiClient({ kubeConfig: sharedKubeConfig() });
    await installWidgetCrd(client);
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  const createWidgets = async (...names: string[]) => {
    for (const name of names) {
      await client.create({ apiVersion: 'core.operant.test/v1', kind: 'Widget', metadata: { namespace: ns, name } });
    }
  };
  const holder = async () => (await client.get(V1Lease, { namespace: ns, name: lease })).spec?.holderIdentity ?? '';
  const leaderFlags = () => ['--leader-elect', `--leader-election-namespace=${ns}`];

  it('on SIGTERM, finishes the reconciles in flight, exits 0 and releases its Lease', async () => {
    ns = await newNamespace(client, 'sigterm');
    const op = startOperator(ns, [...leaderFlags(), '--leader-election-release-on-cancel']);
    await createWidgets('a', 'b');
    await eventually(() => expect(op.stdout()).toEqual(expect.arrayContaining(['started a', 'started b'])), 30_000);
    expect(await holder()).not.toBe('');

    op.child.kill('SIGTERM');
    await eventually(() => expect(op.stderr().join('\n')).toContain('"msg":"stopping the manager"'), 30_000);
    expect(op.child.exitCode).toBeNull(); // held by the two gated reconciles
    op.gate('a');
    op.gate('b');
    expect(await op.exited).toBe(0);
    expect(
      op
        .stdout()
        .filter((l) => l.startsWith('finished'))
        .sort(),
    ).toEqual(['finished a', 'finished b']);
    expect(op.stdout().at(-1)).toBe('stopped');
    for (const line of op.stderr()) expect(() => JSON.parse(line)).not.toThrow();
    expect(op.stderr().join('\n')).not.toMatch(/graceful shutdown timeout|"level":"error"/);
    expect(await holder()).toBe('');
  }, 60_000);

  it('when the drain passes the shutdown timeout, logs one JSON error line, exits 1 and keeps the Lease', async () => {
    ns = await newNamespace(client, 'sigterm');
    const op = startOperator(ns, [...leaderFlags(), '--leader-election-release-on-cancel'], {
      SHUTDOWN_TIMEOUT_MS: '1000',
    });
    await createWidgets('stuck');
    await eventually(() => expect(op.stdout()).toContain('started stuck'), 30_000);
    op.child.kill('SIGTERM'); // the gate never opens
    expect(await op.exited).toBe(1);
    const entries = op.stderr().map((line) => JSON.parse(line));
    const failures = entries.filter((e) => e.msg === 'unable to run the manager');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: 'error',
      logger: 'setup',
      error: {
        name: 'ManagerError',
        message: 'unable to stop the manager within the graceful shutdown timeout of 1000 ms',
        stack: expect.stringContaining('ManagerError: unable to stop the manager'),
      },
    });
    expect(op.stdout()).not.toContain('finished stuck');
    expect(await holder()).not.toBe('');
  }, 60_000);

  it('on a start failure, prints exactly one JSON line with the error and its stack, and exits 1', async () => {
    ns = await newNamespace(client, 'sigterm');
    const cases: [string[], string][] = [
      [['--leader-elect'], 'unable to start leader election: no namespace for the Lease sigterm.operant.test'],
      [['--leader-elect'], '; set --leader-election-namespace'],
      [['--metrics-addr=:8080'], "Unknown option '--metrics-addr'"],
    ];
    for (const [args, message] of cases) {
      const op = startOperator(ns, args);
      expect(await op.exited).toBe(1);
      expect(op.stdout()).toEqual([]);
      expect(op.stderr()).toHaveLength(1);
      const entry = JSON.parse(op.stderr()[0] as string);
      expect(entry).toMatchObject({ level: 'error', msg: 'unable to run the manager', logger: 'setup' });
      expect(entry.error.message).toContain(message);
      expect(entry.error.stack).toMatch(/\n\s+at /);
    }
  }, 60_000);
});
