/**
 * `Manager`: a `Cluster` that also runs things (controller-runtime's `manager.Manager`):
 * runnables added with `add` (controllers, servers, caches) start with `start(signal)`, in
 * order, under leader election when they need it; it owns the webhook server, the health and
 * readiness checks, the metrics, and the names of its controllers. `newManager()` returns
 * one; the builder, the webhook builder and the decorators' wiring depend on this contract,
 * not on the class behind it (`manager.ts`, not exported, as controller-runtime keeps its
 * `controllerManager` unexported). Every member is a contract of its own: the cache, the
 * REST wire, the webhook server, the check endpoints, the servers, sharding.
 *
 * | controller-runtime                        | Operant                                   |
 * | ----------------------------------------- | ----------------------------------------- |
 * | `Add(runnable)`                           | `add(runnable)`                           |
 * | `Start(ctx)`                              | `start(signal)`                           |
 * | `Elected()`                               | `elected()` (a Promise, not a channel)    |
 * | `GetWebhookServer()`                      | `getWebhookServer()`                      |
 * | `AddHealthzCheck`, `AddReadyzCheck`       | `addHealthzCheck`, `addReadyzCheck`       |
 * | `GetControllerOptions()` (its shutdown)   | `gracefulShutdownTimeoutMs`               |
 * | `GetControllerOptions().UsePriorityQueue` | `usePriorityQueue`                        |
 * | `Controller.ReconciliationTimeout`        | `reconcileTimeoutMs`                      |
 * | `metrics.Registry`                        | `metrics`                                 |
 * | `GetHTTPClient()`                         | `rest` (observers of the shared wire)     |
 * @module
 */
import type { AddressInfo } from 'node:net';
import type { Runnable } from '../api/runnable.js';
import type { InformerHealth } from '../cache/informer.js';
import type { RestWire } from '../client/rest.js';
import type { CheckEndpoint } from '../healthz/checks.js';
import type { MetricsRegistry } from '../metrics/registry.js';
import type { ShardingRuntime } from '../sharding/contracts.js';
import type { WebhookServer } from '../webhook/contracts.js';
import type { Cluster, ClusterCache } from './cluster.js';

/** The manager's cache: the cluster's, plus its sync and health (controller-runtime's `cache.Cache`). */
export interface ManagerCache extends ClusterCache {
  /** Resolves true once every informer started so far has synced (false when `signal` aborts first). */
  waitForCacheSync(signal?: AbortSignal): Promise<boolean>;
  /** Each informer's kind, sync, object count and reflectors. */
  health(): InformerHealth[];
}

/** A server the manager runs (metrics, health probes): a runnable that tells the address it bound. */
export interface ServingRunnable extends Runnable {
  address(): Promise<AddressInfo>;
}

export interface Manager extends Cluster {
  /** The informer cache. */
  readonly cache: ManagerCache;
  /** The REST wire of the cache and client (controllers' retries wait for it to be reachable again). */
  readonly rest: RestWire;
  /** The Prometheus registry served at `/metrics`; subsystems and users register their families on it. */
  readonly metrics: MetricsRegistry;
  /** Bound on the whole shutdown, and on each controller's drain. */
  readonly gracefulShutdownTimeoutMs: number;
  /** The default of each controller's `usePriorityQueue`. */
  readonly usePriorityQueue: boolean;
  /** The default of each controller's `recordCauses`. */
  readonly recordCauses: boolean;
  /** Every controller's `reconcileTimeoutMs` and `reconcileTimeoutGraceMs` unless it sets its own. */
  readonly reconcileTimeoutMs?: number;
  readonly reconcileTimeoutGraceMs?: number;
  /** Who the injected `EventRecorder`'s Events report as (`reportingController`). */
  readonly eventSource: string;
  /** The checks served at `/healthz` and `/readyz` (`respond` answers as the probe server does). */
  readonly healthz: CheckEndpoint;
  readonly readyz: CheckEndpoint;
  /** The metrics and health-probe servers, when their bind addresses turn them on (`address()` tells the port). */
  readonly metricsServer: ServingRunnable | undefined;
  readonly healthProbeServer: ServingRunnable | undefined;
  /** Adds a runnable; one added after start starts at once (after election if it needs it). */
  add(runnable: Runnable): void;
  /**
   * Starts the runnables that need no leadership, the cache (and waits for it to sync), warms
   * up the leader runnables that can (`WarmupRunnable`: controllers start their sources), then,
   * once elected, starts the leader runnables (the controllers' workers); on abort stops them
   * in reverse within the graceful shutdown timeout. Rejects with the error of a runnable that fails.
   */
  start(signal: AbortSignal): Promise<void>;
  /** Resolves once this manager leads (at once after the cache sync when there is no leader election). */
  elected(): Promise<void>;
  /** The webhook server, created (and added as a runnable) on first use. */
  getWebhookServer(): WebhookServer;
  /** Adds a liveness check served at `/healthz` and `/healthz/<name>`. */
  addHealthzCheck(name: string, check: () => void | Promise<void>): void;
  /** Adds a readiness check served at `/readyz` and `/readyz/<name>`. */
  addReadyzCheck(name: string, check: () => void | Promise<void>): void;
  /** The replica's side of sharding when `ManagerOptions.sharding` turns it on (docs/sharding.md). */
  readonly sharding?: ShardingRuntime;
  /** Reserves a controller name; throws when it is taken (names key logs and metrics). */
  registerControllerName(name: string): void;
  hasControllerName(name: string): boolean;
}
