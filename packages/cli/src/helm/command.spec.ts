// operant helm on files: the chart written from a kustomize output, templates no longer
// generated removed, and --check reporting drift without writing.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { stringify } from 'yaml';
import { CliError } from '../errors.js';
import { helm } from './command.js';

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'demo-controller-manager',
    namespace: 'demo-system',
    labels: { 'control-plane': 'controller-manager' },
  },
  spec: {
    selector: { matchLabels: { 'control-plane': 'controller-manager' } },
    template: { spec: { containers: [{ name: 'manager', image: 'controller:latest', args: ['--leader-elect'] }] } },
  },
};
const serviceAccount = {
  apiVersion: 'v1',
  kind: 'ServiceAccount',
  metadata: { name: 'demo-controller-manager', namespace: 'demo-system' },
};

describe('helm', () => {
  let dir: string;
  let out: string[];
  const io = { stdout: (t: string) => void out.push(t), stderr: () => undefined };
  const input = (...objects: object[]) =>
    writeFile(join(dir, 'install.yaml'), objects.map((o) => stringify(o)).join('---\n'));
  const run = (check = false) =>
    helm(
      { input: join(dir, 'install.yaml'), output: join(dir, 'chart'), name: 'demo', chartVersion: '1.0.0', check },
      io,
    );

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operant-helm-command-'));
    out = [];
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes the chart, then finds it up to date', async () => {
    await input(deployment, serviceAccount);
    await run();
    expect(await readFile(join(dir, 'chart/Chart.yaml'), 'utf8')).toContain('name: demo\n');
    expect((await readdir(join(dir, 'chart/templates'), { recursive: true })).sort()).toEqual([
      'manager',
      'manager/controller-manager.yaml',
      'network-policy',
      'network-policy/allow-metrics-traffic.yaml',
      'rbac',
      'rbac/controller-manager.yaml',
    ]);
    await run(true);
    expect(out.at(-1)).toBe(`${join(dir, 'chart')} is up to date\n`);
  });

  it('reports drift and stale templates with --check, and removes stale templates when writing', async () => {
    await input(deployment, serviceAccount);
    await run();
    await input(deployment);
    const drift = await run(true).catch((e: unknown) => e);
    expect(CliError.is(drift, 'drift')).toBe(true);
    expect(out.join('')).toContain(`${join(dir, 'chart/templates/rbac/controller-manager.yaml')}: no longer generated`);
    await run();
    expect(await readdir(join(dir, 'chart/templates/rbac'))).toEqual([]);
  });

  it('says how to make the input when it is missing', async () => {
    await expect(run()).rejects.toThrow(`unable to read ${join(dir, 'install.yaml')}: run pnpm build-installer first`);
  });
});
