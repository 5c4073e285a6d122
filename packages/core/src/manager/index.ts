/**
 * The Manager (shared KubeConfig, registry, Cache and Client; runnables; ordered graceful
 * shutdown): the `Manager` contract (from `api/`) and `ControllerManager`, its implementation,
 * which `newManager(options)` returns; `ManagerOptions`, `ManagerFlags` (what
 * `managerOptionsFromFlags` reads) and `RunOperatorOptions`; `setupSignalHandler()`.
 * `runOperator(main)` and `managerOptionsFromFlags` are exported by the package root.
 * @module manager
 */

export type { Manager } from '../api/manager.js';
export type { ManagerFlags } from './flags.js';
export { ControllerManager, newManager } from './manager.js';
export type { ManagerOptions } from './options.js';
export type { RunOperatorOptions } from './run-operator.js';
export { setupSignalHandler } from './signals.js';
