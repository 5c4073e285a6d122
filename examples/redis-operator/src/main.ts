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

const manager = managerOptionsFromFlags(process.argv.slice(2), {
  leaderElectionID: 'redis-operator.cache.example.com',
});
const { REGISTRY_NAMESPACE, RESYNC_PERIOD_SECONDS } = process.env;
const app = await Operant.create(
  configuredAppModule({
    ...(REGISTRY_NAMESPACE ? { registryNamespace: REGISTRY_NAMESPACE } : {}),
    ...(RESYNC_PERIOD_SECONDS ? { resyncPeriodMs: Number(RESYNC_PERIOD_SECONDS) * 1000 } : {}),
  }),
  { manager },
);
// the manager serves /healthz (ping) and /readyz (informers synced and fresh) already;
// add more with app.manager.addHealthzCheck(name, check) / addReadyzCheck(name, check)
await app.start(setupSignalHandler());
