/**
 * Entry point: the operator on the cluster of the current kubeconfig (`KUBECONFIG`,
 * in-cluster config or ~/.kube/config), stopped gracefully by SIGINT/SIGTERM.
 * @module
 */
import 'reflect-metadata';
import { Operant, setupSignalHandler } from '@operant/core';
import { AppModule } from './app.module.js';

const app = await Operant.create(AppModule);
await app.start(setupSignalHandler());
