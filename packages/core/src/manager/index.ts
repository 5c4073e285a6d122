/**
 * The Manager (shared KubeConfig, registry, Cache and Client; runnables; ordered graceful
 * shutdown) and `setupSignalHandler()`.
 * @module manager
 */

export { managerOptionsFromFlags } from './flags.js';
export { type LeaderElector, Manager, ManagerError, type ManagerOptions, newManager } from './manager.js';
export { DEFAULT_SERVER_LIMITS, type ServerLimits } from './server-limits.js';
export { setupSignalHandler } from './signals.js';
