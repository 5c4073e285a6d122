/**
 * `src/main.ts`: kubebuilder's `cmd/main.go`. The standard flags through
 * `managerOptionsFromFlags`, leader election under a project-specific ID (releasing the
 * Lease on a clean stop), health and ready checks on the probe address, the root module,
 * and `runOperator`: a stop on SIGINT/SIGTERM, exit as soon as the manager stops, and a
 * failure as one JSON line and exit 1.
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import { type InitContext, leaderElectionId } from './context.js';
import { createOperatorStatement } from './manager-scope.js';

export function mainEntry(context: InitContext): ScaffoldFile {
  return {
    path: 'src/main.ts',
    content: `/**
 * The manager of ${context.name}. Flags: --metrics-bind-address (default 0: off;
 * config/default passes :8443), --metrics-secure (default true: HTTPS, only for bearer
 * tokens allowed get on /metrics; =false serves plain HTTP for local work),
 * --metrics-cert-path (a folder with tls.crt and tls.key; default: self-signed),
 * --health-probe-bind-address (:8081), --leader-elect, --leader-election-namespace (default:
 * the pod's), --leader-election-release-on-cancel (default true here), --log-level,
 * --log-format, --sharding (replicas that split the objects: config/sharding; with
 * --shard-key, --shard-ranges, --shard-mode), and for webhooks --webhook-cert-path (a folder
 * with tls.crt and tls.key; config/default mounts cert-manager's Secret there), --webhook-port
 * (9443) and --enable-webhooks (default true; ENABLE_WEBHOOKS=false turns them off, e.g. for
 * a local run without certificates). It uses the current kubeconfig (KUBECONFIG, the in-cluster config or
 * ~/.kube/config) and stops gracefully on SIGINT and SIGTERM, within the manager's
 * gracefulShutdownTimeoutMs (30 s; keep the pod's terminationGracePeriodSeconds above it).
 *
 * runOperator exits the process as soon as the manager stops: 0 after a clean stop; after a
 * failure (a bad flag, a start failure, a drain past the timeout) one JSON line with the
 * error and its stack, and 1. Releasing the Lease on cancel is safe only because of that
 * immediate exit (controller-runtime's condition for LeaderElectionReleaseOnCancel): nothing
 * of this process acts after a standby has taken the Lease over.
 * @module
 */
import 'reflect-metadata';
import { managerOptionsFromFlags, OperantFactory, runOperator } from '@operant/core';
import { AppModule } from './app.module.js';

await runOperator(async (signal) => {
  const { enableWebhooks, ...options } = managerOptionsFromFlags(process.argv.slice(2), {
    leaderElectionID: '${leaderElectionId(context)}',
    leaderElectionReleaseOnCancel: true,
  });
${createOperatorStatement(context)}
  app.manager.addHealthzCheck('healthz', () => undefined);
  app.manager.addReadyzCheck('readyz', () => undefined);

  options.logger?.info('starting manager');
  await app.start(signal);
});
`,
  };
}
