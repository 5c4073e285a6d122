/**
 * The flags of `operant torture`, read and checked before anything starts: `--seed` a
 * whole number, `--budget` a duration with a unit (`90s`, `5m`, `1h30m`; parse-duration
 * reads it), `--replay` without `--seed` (a replay names its own seed).
 * @module
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import parseDuration from 'parse-duration';
import { CliError } from '../errors.js';

/** The flags as commander hands them over. */
export interface TortureFlags {
  scenario?: string;
  seed?: string;
  budget?: string;
  replay?: string;
  kubeconfig?: string;
  crds?: readonly string[];
}

/** What the command runs with. */
export interface TortureArgs {
  /** The module exporting the torture options (default export). */
  entry: string;
  /** A YAML or JSON file of scenario steps that replaces the entry's. */
  scenarioFile: string | undefined;
  seed: number | undefined;
  /** The wall-clock budget in ms, and as given (for the messages). */
  budget: { ms: number; text: string } | undefined;
  replay: string | undefined;
  /** An existing cluster; without it the command starts envtest. */
  kubeconfig: string | undefined;
  /** CRD files or folders installed in the envtest (default `config/crd/bases` when it exists). */
  crdPaths: readonly string[];
}

export const DEFAULT_CRD_PATH = 'config/crd/bases';

export function parseTortureArgs(entry: string, flags: TortureFlags, cwd = process.cwd()): TortureArgs {
  if (flags.replay !== undefined && flags.seed !== undefined) {
    throw new CliError('config', `--seed ${flags.seed} and --replay ${flags.replay}: a replay names its own seed`);
  }
  if (flags.kubeconfig !== undefined && flags.crds !== undefined) {
    throw new CliError('config', '--crds installs CRDs in the envtest the command starts: drop it with --kubeconfig');
  }
  return {
    entry,
    scenarioFile: flags.scenario,
    seed: flags.seed === undefined ? undefined : parseSeed(flags.seed),
    budget: flags.budget === undefined ? undefined : { ms: parseBudget(flags.budget), text: flags.budget },
    replay: flags.replay,
    kubeconfig: flags.kubeconfig,
    crdPaths: flags.crds ?? (existsSync(resolve(cwd, DEFAULT_CRD_PATH)) ? [DEFAULT_CRD_PATH] : []),
  };
}

function parseSeed(text: string): number {
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new CliError('config', `unable to read --seed "${text}": expected a whole number such as 7`);
  }
  return Number(text);
}

/** Numbers each with a unit (`5m`, `1h 30m`); a bare number is refused (seconds or milliseconds?). */
const withUnits = /^(\s*[0-9]+(\.[0-9]+)?\s*[a-zµ]+)+\s*$/i;

export function parseBudget(text: string): number {
  const ms = withUnits.test(text) ? parseDuration(text) : null;
  if (ms === null || ms === undefined || !(ms > 0)) {
    throw new CliError('config', `unable to read --budget "${text}": expected a duration such as 90s, 5m or 1h30m`);
  }
  return ms;
}
