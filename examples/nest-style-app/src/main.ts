/**
 * Entry point: the operator on the cluster of the current kubeconfig (`KUBECONFIG`,
 * in-cluster config or ~/.kube/config), stopped gracefully by SIGINT/SIGTERM; it exits as
 * soon as the manager stops, and a failure is one JSON line and exit 1 (`runOperator`).
 * @module
 */
import 'reflect-metadata';
import { OperantFactory, runOperator } from '@operant/core';
import { AppModule } from './app.module.js';

await runOperator(async (signal) => {
  const app = await OperantFactory.create(AppModule);
  await app.start(signal);
});
