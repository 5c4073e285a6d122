/**
 * Entry point: the Redis operator on the cluster of the current kubeconfig (`KUBECONFIG`,
 * in-cluster config or ~/.kube/config) with the standard manager flags
 * (`--metrics-bind-address`, `--metrics-secure` (default true: HTTPS behind TokenReview and
 * SubjectAccessReview), `--metrics-cert-path`, `--health-probe-bind-address`, `--leader-elect`,
 * `--leader-election-namespace`, `--leader-election-release-on-cancel`, default true here),
 * stopped gracefully by SIGINT/SIGTERM. `REGISTRY_NAMESPACE` and `RESYNC_PERIOD_SECONDS`
 * override the operator's options.
 *
 * runOperator exits as soon as the manager stops (0 after a clean stop; one JSON line with
 * the error and its stack and 1 after a failure), which is what makes releasing the Lease on
 * cancel safe: nothing of this process acts after a standby has taken over.
 * @module
 */
import 'reflect-metadata';
import { managerOptionsFromFlags, OperantFactory, runOperator } from '@operant/core';
import { configuredAppModule } from './app.module.js';
import { redisOperatorCache } from './cache.js';

await runOperator(async (signal) => {
  const options = managerOptionsFromFlags(process.argv.slice(2), {
    leaderElectionID: '5c091e99.example.com',
    leaderElectionReleaseOnCancel: true,
  });
  const { REGISTRY_NAMESPACE, RESYNC_PERIOD_SECONDS } = process.env;
  const app = await OperantFactory.create(
    configuredAppModule({
      ...(REGISTRY_NAMESPACE ? { registryNamespace: REGISTRY_NAMESPACE } : {}),
      ...(RESYNC_PERIOD_SECONDS ? { resyncPeriodMs: Number(RESYNC_PERIOD_SECONDS) * 1000 } : {}),
    }),
    { manager: { ...options, cache: redisOperatorCache, eventSource: 'redis-operator' } },
  );
  app.manager.addHealthzCheck('healthz', () => undefined);
  app.manager.addReadyzCheck('readyz', () => undefined);

  options.logger?.info('starting manager');
  await app.start(signal);
});
