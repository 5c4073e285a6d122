// The flags of operant torture: seeds, budgets with units, replay against --seed, --crds
// against --kubeconfig, and the default CRD folder.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CliError } from '../errors.js';
import { parseBudget, parseTortureArgs } from './arguments.js';

describe('parseTortureArgs', () => {
  let project: string;
  let empty: string;
  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'torture-args-'));
    await mkdir(join(project, 'config/crd/bases'), { recursive: true });
    empty = await mkdtemp(join(tmpdir(), 'torture-args-empty-'));
  });
  afterAll(async () => {
    await rm(project, { recursive: true, force: true });
    await rm(empty, { recursive: true, force: true });
  });

  it('reads every flag', () => {
    const args = parseTortureArgs(
      'test/memcached.torture.ts',
      { scenario: 's.yaml', seed: '7', budget: '1m30s', crds: ['crds'] },
      empty,
    );
    expect(args).toEqual({
      entry: 'test/memcached.torture.ts',
      scenarioFile: 's.yaml',
      seed: 7,
      budget: { ms: 90_000, text: '1m30s' },
      replay: undefined,
      kubeconfig: undefined,
      crdPaths: ['crds'],
    });
  });

  it('installs config/crd/bases when the project has it, and nothing when it has not', () => {
    expect(parseTortureArgs('e.ts', {}, project).crdPaths).toEqual(['config/crd/bases']);
    expect(parseTortureArgs('e.ts', {}, empty).crdPaths).toEqual([]);
  });

  it.each(['-1', '1.5', 'seven', '', '99999999999999999999'])('refuses the seed "%s"', (seed) => {
    expect(() => parseTortureArgs('e.ts', { seed }, empty)).toThrow(`unable to read --seed "${seed}"`);
  });

  it('refuses --seed with --replay, and --crds with --kubeconfig', () => {
    expect(() => parseTortureArgs('e.ts', { seed: '2', replay: 'crash:1:after-1' }, empty)).toThrow(
      'a replay names its own seed',
    );
    const both = () => parseTortureArgs('e.ts', { kubeconfig: 'kc', crds: ['x'] }, empty);
    expect(both).toThrow(CliError);
    expect(both).toThrow('drop it with --kubeconfig');
  });
});

describe('parseBudget', () => {
  it.each([
    ['5m', 300_000],
    ['90s', 90_000],
    ['1h30m', 5_400_000],
    ['1m 30s', 90_000],
    ['2.5m', 150_000],
    ['500ms', 500],
  ])('reads %s', (text, ms) => {
    expect(parseBudget(text)).toBe(ms);
  });

  it.each(['5', '', 'abc', '5m x', '-5m', '0s', '5 parsecs'])('refuses "%s"', (text) => {
    expect(() => parseBudget(text)).toThrow(`unable to read --budget "${text}": expected a duration such as 90s`);
  });
});
