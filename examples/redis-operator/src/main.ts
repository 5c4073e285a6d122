/**
 * Entry point: the Redis operator on the cluster of the current kubeconfig (`KUBECONFIG`,
 * in-cluster config or ~/.kube/config) with the standard manager flags
 * (`--metrics-bind-address`, `--health-probe-bind-address`, `--leader-elect`), stopped
 * gracefully by SIGINT/SIGTERM. `REGISTRY_NAMESPACE` and `RESYNC_PERIOD_SECONDS` override
 * the operator's options.
 * @module
 */
import 'reflect-metadata';
import { managerOptionsFromFlags, Operant, setupSignalHandler } from '@operant/core';
import { configuredAppModule } from './app.module.js';

const options = managerOptionsFromFlags(process.argv.slice(2), { leaderElectionID: '5c091e99.example.com' });
const { REGISTRY_NAMESPACE, RESYNC_PERIOD_SECONDS } = process.env;
const app = await Operant.create(
  configuredAppModule({
    ...(REGISTRY_NAMESPACE ? { registryNamespace: REGISTRY_NAMESPACE } : {}),
    ...(RESYNC_PERIOD_SECONDS ? { resyncPeriodMs: Number(RESYNC_PERIOD_SECONDS) * 1000 } : {}),
  }),
  { manager: { ...options, eventSource: 'redis-operator' } },
);
app.manager.addHealthzCheck('healthz', () => undefined);
app.manager.addReadyzCheck('readyz', () => undefined);

options.logger?.info('starting manager');
await app.start(setupSignalHandler());
