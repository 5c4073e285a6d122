/**
 * `src/main.ts`: kubebuilder's `cmd/main.go`. The standard flags through
 * `managerOptionsFromFlags`, leader election under a project-specific ID, health and
 * ready checks on the probe address, the root module, and a stop on SIGINT/SIGTERM.
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import { type InitContext, leaderElectionId } from './context.js';

export function mainEntry(context: InitContext): ScaffoldFile {
  return {
    path: 'src/main.ts',
    content: `/**
 * The manager of ${context.name}. Flags: --metrics-bind-address (default 0: off),
 * --health-probe-bind-address (:8081), --leader-elect, --log-level, --log-format.
 * It uses the current kubeconfig (KUBECONFIG, the in-cluster config or ~/.kube/config)
 * and stops gracefully on SIGINT and SIGTERM.
 * @module
 */
import 'reflect-metadata';
import { managerOptionsFromFlags, Operant, setupSignalHandler } from '@operant/core';
import { AppModule } from './app.module.js';

const options = managerOptionsFromFlags(process.argv.slice(2), { leaderElectionID: '${leaderElectionId(context)}' });
const app = await Operant.create(AppModule, { manager: { ...options, eventSource: '${context.name}' } });
app.manager.addHealthzCheck('healthz', () => undefined);
app.manager.addReadyzCheck('readyz', () => undefined);

options.logger?.info('starting manager');
await app.start(setupSignalHandler());
`,
  };
}
