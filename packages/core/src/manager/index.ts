/**
 * The Manager (shared KubeConfig, registry, Cache and Client; runnables; ordered graceful
 * shutdown): the `Manager` contract and the `Cluster` contract it extends, `newManager()`
 * (the implementation behind them is not exported), `setupSignalHandler()`, and
 * `runOperator(main)`, the process around `main`; the metrics server's options and
 * `withAuthenticationAndAuthorization`, the filter that lets only reviewed bearer tokens
 * scrape (controller-runtime's `metrics/filters`).
 * @module manager
 */

export type { LeaderElector } from '../leaderelection/leader-elector.js';
export { DEFAULT_HEALTH_PROBE_LIMITS, DEFAULT_SERVER_LIMITS, type ServerLimits } from '../server/limits.js';
export type { Cluster, ClusterCache } from './cluster.js';
export { ManagerError } from './errors.js';
export { type ManagerFlags, managerOptionsFromFlags } from './flags.js';
export type { Manager, ManagerCache, ServingRunnable } from './interfaces.js';
export { newManager } from './manager.js';
export {
  type AuthenticationAndAuthorizationOptions,
  type Filter,
  type FilterContext,
  type FilterProvider,
  type FilterReply,
  withAuthenticationAndAuthorization,
} from './metrics-filters.js';
export type { MetricsServerOptions } from './metrics-server.js';
export type { ManagerOptions } from './options.js';
export { type RunOperatorOptions, runOperator } from './run-operator.js';
export { setupSignalHandler } from './signals.js';
