/**
 * The torture options of `operant torture <entry>`: the entry's default export (the options
 * of `torture()` without `kubeConfig`, which the command provides), loaded as crd-gen loads
 * a project's modules, with the steps of `--scenario` (a YAML or JSON list) in place of its
 * scenario.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ScenarioStep, TortureOptions } from '@operant/testing/torture';
import { parse } from 'yaml';
import { CliError } from '../errors.js';
import { importEntries } from '../generate/load-entries.js';

/** What an entry exports: `export default { setup, kinds, scenario, … } satisfies EntryOptions`. */
export type EntryOptions = Omit<TortureOptions, 'kubeConfig'>;

/** Imports the entry and returns its options, the scenario replaced by `scenarioFile`'s when given. */
export async function loadTortureOptions(
  entry: string,
  scenarioFile: string | undefined,
  cwd = process.cwd(),
): Promise<EntryOptions> {
  const [loaded] = await importEntries([entry], cwd);
  const exported = Object.entries(loaded?.exports ?? {}).find(([key]) => key.endsWith('#default'))?.[1];
  const scenario = scenarioFile === undefined ? undefined : await readScenario(resolve(cwd, scenarioFile));
  return checkOptions(entry, scenario === undefined ? exported : { ...(exported as object), scenario });
}

/** Checks the shape `torture` needs; names what is missing. */
export function checkOptions(entry: string, value: unknown): EntryOptions {
  if (typeof value !== 'object' || value === null) {
    throw new CliError(
      'load',
      `${entry} has no default export of torture options: export default { setup, kinds, scenario, … }`,
    );
  }
  const o = value as Partial<Record<keyof EntryOptions, unknown>>;
  const problems = [
    typeof o.setup === 'function' ? undefined : 'setup (a function of the manager)',
    Array.isArray(o.kinds) && o.kinds.length > 0 ? undefined : 'kinds (the kinds of the end state)',
    // generated scenarios may start from no step at all
    Array.isArray(o.scenario) && (o.scenario.length > 0 || o.generate !== undefined)
      ? undefined
      : 'scenario (the steps, or --scenario <file>)',
  ].filter((p) => p !== undefined);
  if (problems.length > 0) {
    throw new CliError('load', `the torture options of ${entry} lack ${problems.join(', ')}`);
  }
  return value as EntryOptions;
}

/** Reads a list of scenario steps from YAML or JSON (a `scenario:` key holding the list works too). */
export async function readScenario(path: string): Promise<ScenarioStep[]> {
  const text = await readFile(path, 'utf8').catch((err: Error) => {
    throw new CliError('config', `unable to read the scenario ${path}: ${err.message}`, { cause: err });
  });
  let value: unknown;
  try {
    value = parse(text);
  } catch (err) {
    throw new CliError('config', `unable to parse the scenario ${path}: ${(err as Error).message}`, { cause: err });
  }
  const steps = Array.isArray(value) ? value : (value as { scenario?: unknown } | null)?.scenario;
  if (!Array.isArray(steps) || steps.length === 0) {
    throw new CliError('config', `the scenario ${path} holds no list of steps`);
  }
  for (const [i, step] of steps.entries()) checkStep(path, step, i);
  return steps as ScenarioStep[];
}

function checkStep(path: string, step: unknown, i: number): void {
  const s = (step ?? {}) as { action?: unknown; object?: { kind?: unknown }; patch?: unknown };
  const actions = ['apply', 'patch', 'delete'];
  const problem = !actions.includes(String(s.action))
    ? `action ${JSON.stringify(s.action)} is none of ${actions.join(', ')}`
    : typeof s.object?.kind !== 'string'
      ? 'it has no object with a kind'
      : s.action === 'patch' && (typeof s.patch !== 'object' || s.patch === null)
        ? 'a patch step needs a patch'
        : undefined;
  if (problem !== undefined) throw new CliError('config', `step ${i + 1} of the scenario ${path}: ${problem}`);
}
