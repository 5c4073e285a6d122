/**
 * Go duration strings (`20s`, `1m30s`, `500ms`), the format of controller-runtime's
 * `KUBEBUILDER_CONTROLPLANE_START_TIMEOUT` and `..._STOP_TIMEOUT`.
 * @module
 */
import { EnvtestError } from './errors.js';

const unitMs: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Parses a Go duration string into milliseconds; throws `invalidConfig` naming `source`. */
export function parseGoDuration(text: string, source = 'duration'): number {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const part = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/y;
  let total = 0;
  let index = 0;
  while (index < trimmed.length) {
    part.lastIndex = index;
    const match = part.exec(trimmed);
    if (match === null) break;
    total += Number(match[1]) * (unitMs[match[2] as string] as number);
    index = part.lastIndex;
  }
  if (trimmed.length === 0 || index !== trimmed.length) {
    throw new EnvtestError(
      'invalidConfig',
      `unable to parse ${source} "${text}": expected a Go duration such as "60s" or "1m30s"`,
    );
  }
  return total;
}

/** Reads a duration from an environment variable, or returns `fallbackMs` when it is unset or empty. */
export function durationFromEnv(env: NodeJS.ProcessEnv, name: string, fallbackMs: number): number {
  const value = env[name];
  return value === undefined || value === '' ? fallbackMs : parseGoDuration(value, name);
}
