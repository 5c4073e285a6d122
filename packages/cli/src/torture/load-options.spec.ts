// The options of an entry and the steps of --scenario: what the command refuses, and how it
// says so.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkOptions, readScenario } from './load-options.js';

describe('checkOptions', () => {
  const step = { action: 'apply', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } } };

  it('takes options with a setup, kinds and a scenario', () => {
    const options = { setup: () => {}, kinds: [{}], scenario: [step], seed: 3 };
    expect(checkOptions('e.ts', options)).toBe(options);
  });

  it('takes an empty scenario with generated scenarios only', () => {
    const generated = { setup: () => {}, kinds: [{}], scenario: [], generate: { for: {} } };
    expect(checkOptions('e.ts', generated)).toBe(generated);
    expect(() => checkOptions('e.ts', { ...generated, generate: undefined })).toThrow('lack scenario');
  });

  it('names what the options lack', () => {
    expect(() => checkOptions('e.ts', { kinds: [] })).toThrow(
      'the torture options of e.ts lack setup (a function of the manager), kinds (the kinds of the end state), scenario (the steps, or --scenario <file>)',
    );
  });

  it('refuses an entry without a default export', () => {
    expect(() => checkOptions('e.ts', undefined)).toThrow('e.ts has no default export of torture options');
  });
});

describe('readScenario', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'torture-scenario-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const file = async (name: string, text: string) => {
    await writeFile(join(dir, name), text);
    return join(dir, name);
  };

  it('reads a YAML list, a JSON list and a scenario key', async () => {
    const yaml = await file(
      'a.yaml',
      [
        '- action: apply',
        '  object: { apiVersion: v1, kind: ConfigMap, metadata: { name: a }, data: { k: v } }',
        '- action: patch',
        '  object: { apiVersion: v1, kind: ConfigMap, name: a }',
        '  patch: { data: { k: w } }',
        '- action: delete',
        '  object: { apiVersion: v1, kind: ConfigMap, name: a }',
      ].join('\n'),
    );
    const steps = await readScenario(yaml);
    expect(steps.map((s) => s.action)).toEqual(['apply', 'patch', 'delete']);
    expect(steps[1]).toEqual({
      action: 'patch',
      object: { apiVersion: 'v1', kind: 'ConfigMap', name: 'a' },
      patch: { data: { k: 'w' } },
    });
    const json = await file('b.json', JSON.stringify({ scenario: [steps[2]] }));
    expect(await readScenario(json)).toEqual([steps[2]]);
  });

  it('names the step that is wrong', async () => {
    const bad = await file('c.yaml', '- action: delete\n  object: { kind: ConfigMap, name: a }\n- action: scale\n');
    await expect(readScenario(bad)).rejects.toThrow(
      `step 2 of the scenario ${bad}: action "scale" is none of apply, patch, delete`,
    );
    const noPatch = await file('d.yaml', '- action: patch\n  object: { kind: ConfigMap, name: a }\n');
    await expect(readScenario(noPatch)).rejects.toThrow('step 1 of the scenario');
    await expect(readScenario(noPatch)).rejects.toThrow('a patch step needs a patch');
  });

  it('refuses a file without steps, or missing', async () => {
    const empty = await file('e.yaml', 'steps: []\n');
    await expect(readScenario(empty)).rejects.toThrow(`the scenario ${empty} holds no list of steps`);
    await expect(readScenario(join(dir, 'missing.yaml'))).rejects.toThrow('unable to read the scenario');
  });
});
