/**
 * `runOperator(main)`: the process around an operator's `main`, as kubebuilder's
 * `cmd/main.go` does it with `os.Exit`. On a Node.js older than Operant needs it prints
 * one line saying which to install and exits 1; else it runs `main(signal)` with
 * `setupSignalHandler()`'s signal and exits as soon as `main` settles:
 *
 * - `main` returned (the manager stopped cleanly) → exit 0 at once, whatever timers or
 *   sockets are left, so nothing acts after the Lease is released
 *   (`--leader-election-release-on-cancel` relies on this);
 * - `main` threw — a bad flag, a start failure, a failed runnable, a lost Lease, a drain past
 *   the graceful shutdown timeout — or an exception escaped anywhere → ONE JSON line on
 *   stderr (`"msg":"unable to run the manager"`, the error with its stack and causes in
 *   `error`) and exit 1. No multi-line stack reaches the log collector.
 * @module
 */
import type { Logger } from '../api/logger.js';
import { nodeVersionProblem } from '../api/node-version.js';
import { newLogger } from '../log/logger.js';
import { setupSignalHandler } from './signals.js';

export interface RunOperatorOptions {
  /** Where the failure line goes. Default: a JSON logger on stderr with `logger: setup`. */
  logger?: Logger;
}

/** Runs `main` and exits the process when it settles: 0 on return, 1 (after one log line) on a throw. */
export async function runOperator(
  main: (signal: AbortSignal) => Promise<void>,
  options: RunOperatorOptions = {},
): Promise<never> {
  const tooOld = nodeVersionProblem();
  if (tooOld !== undefined) {
    process.stderr.write(`${tooOld}\n`);
    return exit(1);
  }
  const log = options.logger ?? newLogger({ format: 'json', fields: { logger: 'setup' } });
  const escaped = (message: string) => (err: unknown) => {
    log.error(message, { error: err });
    void exit(1);
  };
  process.on('uncaughtException', escaped('uncaught exception'));
  process.on('unhandledRejection', escaped('unhandled promise rejection'));
  try {
    await main(setupSignalHandler());
  } catch (err) {
    log.error('unable to run the manager', { error: err });
    return exit(1);
  }
  return exit(0);
}

/** Exits after the event loop turns once, so log lines already written reach stderr. */
function exit(code: number): Promise<never> {
  return new Promise(() => setImmediate(() => process.exit(code)));
}
