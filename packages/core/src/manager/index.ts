/**
 * The Manager (shared KubeConfig, registry, Cache and Client; runnables; ordered graceful
 * shutdown): the `Manager` contract and the `Cluster` contract it extends, and
 * `newManager(options)`, which returns one (the class behind it is not exported);
 * `ManagerOptions`, `ManagerFlags` (what `managerOptionsFromFlags` reads) and
 * `RunOperatorOptions`; `setupSignalHandler()`; `withAuthenticationAndAuthorization`, the
 * metrics filter that lets only reviewed bearer tokens scrape (controller-runtime's
 * `metrics/filters`); `DebugReconciles`, the JSON of the metrics server's `/debug/reconciles`
 * (`metricsServer: { debugReconciles: true }`). `runOperator(main)` and `managerOptionsFromFlags` are exported by the
 * package root.
 * @module manager
 */

export type { Cluster, ClusterCache } from './cluster.js';
export type { DebugReconciles } from './debug-reconciles.js';
export type { ManagerFlags } from './flags.js';
export type { Manager } from './interfaces.js';
export { newManager } from './manager.js';
export { withAuthenticationAndAuthorization } from './metrics-filters.js';
export type { ManagerOptions } from './options.js';
export type { RunOperatorOptions } from './run-operator.js';
export { setupSignalHandler } from './signals.js';
