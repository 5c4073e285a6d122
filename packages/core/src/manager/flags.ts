/**
 * The kubebuilder-standard flags of an operator's `main`, read into Manager options, so a
 * generated `main.ts` reads like kubebuilder's `cmd/main.go`:
 * `--metrics-bind-address` (default `0`: off), `--health-probe-bind-address` (`:8081`),
 * `--leader-elect` (false), `--leader-election-id`, `--log-level` (`info`; also `--zap-log-level`),
 * `--log-format` (`json` or `console`).
 * @module
 */
import { parseArgs } from 'node:util';
import type { LogLevel } from '../log/winston.js';
import { newLogger } from '../log/winston.js';
import type { ManagerOptions } from './manager.js';

const levels: readonly LogLevel[] = ['error', 'warn', 'info', 'debug'];

export function managerOptionsFromFlags(
  argv: readonly string[] = process.argv.slice(2),
  defaults: { leaderElectionID?: string } = {},
): ManagerOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      'metrics-bind-address': { type: 'string', default: '0' },
      'health-probe-bind-address': { type: 'string', default: ':8081' },
      'leader-elect': { type: 'boolean', default: false },
      'leader-election-id': { type: 'string' },
      'log-level': { type: 'string' },
      'zap-log-level': { type: 'string' },
      'log-format': { type: 'string', default: 'json' },
    },
  });
  const level = (values['log-level'] ?? values['zap-log-level'] ?? 'info') as LogLevel;
  if (!levels.includes(level)) throw new Error(`invalid --log-level "${level}": expected one of ${levels.join(', ')}`);
  const format = values['log-format'];
  if (format !== 'json' && format !== 'console')
    throw new Error(`invalid --log-format "${format}": expected json or console`);
  return {
    metricsBindAddress: values['metrics-bind-address'],
    healthProbeBindAddress: values['health-probe-bind-address'],
    leaderElection: values['leader-elect'],
    leaderElectionID: values['leader-election-id'] ?? defaults.leaderElectionID,
    logger: newLogger({ level, format }),
  };
}
