/**
 * What users pass to `newManager(options)`: `ManagerOptions`, with the defaults the manager
 * fills in (`MANAGER_DEFAULTS`, and the pod's namespace for the Lease, `inClusterNamespace()`).
 * @module
 */

import { readFileSync } from 'node:fs';
import type { Logger } from '../api/logger.js';
import type { CacheOptions } from '../cache/cache.js';
import type { KubeConfigSource as KubeConfig } from '../client/kubeconfig.js';
import type { RestClientOptions } from '../client/rest.js';
import type { EventsOptions } from '../events/broadcaster.js';
import type { LeaderElector } from '../leaderelection/leader-elector.js';
import type { MetricsOptions } from '../metrics/registry.js';
import type { ResourceRegistry } from '../resources/registry.js';
import type { ResourceType } from '../resources/resource-type.js';
import type { ServerLimits } from '../server/limits.js';
import type { ShardingOptions } from '../sharding/options.js';
import type { WebhookServer } from '../webhook/contracts.js';
import type { WebhookServerOptions } from '../webhook/server.js';
import type { MetricsServerOptions } from './metrics-server.js';

export interface ManagerOptions {
  /** Defaults to `KUBECONFIG`, in-cluster config or `~/.kube/config`. */
  kubeConfig?: KubeConfig;
  registry?: ResourceRegistry;
  /** Cache configuration (per-kind scoping, transforms, `reflector` paging and streaming lists, …); `kubeConfig` and `registry` come from the manager. */
  cache?: Omit<CacheOptions, 'kubeConfig' | 'registry' | 'logger'>;
  /**
   * The wire of the manager's one `RestClient` (shared by its cache, client and leader
   * election): client-side `qps` and `burst` (off by default, as controller-runtime's
   * `GetConfig`: the API server's priority and fairness limits), `maxRetries` after a
   * `Retry-After` (default 10), `http2`.
   */
  client?: Omit<RestClientOptions, 'logger'>;
  /** Kinds the client reads from the API server instead of the cache. */
  readLive?: readonly ResourceType[];
  /** Field manager of the client's writes. */
  fieldOwner?: string;
  /**
   * Who the injected `EventRecorder`'s Events report as (`reportingController`, the
   * source `kubectl describe` shows), e.g. the project name. Default `operant`.
   */
  eventSource?: string;
  /**
   * Which Events the recorders write (`api`: `events.k8s.io/v1` with series, the default,
   * or core `v1`) and the series timing, retries and backlog (client-go's defaults).
   */
  events?: EventsOptions;
  logger?: Logger;
  /** Bound on the whole shutdown. Default 30 s. */
  gracefulShutdownTimeoutMs?: number;
  /**
   * Controllers run on the priority queue unless their options say otherwise
   * (controller-runtime's `Controller.UsePriorityQueue`). Default true.
   */
  usePriorityQueue?: boolean;
  /**
   * Controllers record why their reconciles ran (causes, recent reconciles, hot loops, spans:
   * docs/observability.md) unless their options say otherwise. Default: true when the metrics
   * server serves `/debug/reconciles` (`metricsServer.debugReconciles`), which shows them;
   * false otherwise.
   */
  recordCauses?: boolean;
  /**
   * The default `reconcileTimeoutMs` of its controllers (controller-runtime's
   * `Controller.ReconciliationTimeout`). Default: none.
   */
  reconcileTimeoutMs?: number;
  /** The default `reconcileTimeoutGraceMs` of its controllers. Default 5 s. */
  reconcileTimeoutGraceMs?: number;
  leaderElector?: LeaderElector;
  /** Run controllers only while this process holds the Lease `leaderElectionID`. Default false. */
  leaderElection?: boolean;
  leaderElectionID?: string;
  /** Default: the namespace of the pod (in-cluster); required elsewhere. */
  leaderElectionNamespace?: string;
  /** Default 15 s, 10 s and 2 s, as controller-runtime. */
  leaseDurationMs?: number;
  renewDeadlineMs?: number;
  retryPeriodMs?: number;
  /**
   * Release the Lease on a clean stop, so a standby leads at once. Default false. Safe only
   * when the process exits as soon as `start` returns (as `runOperator` does): a process
   * that lingers could still act after a standby took over.
   */
  leaderElectionReleaseOnCancel?: boolean;
  /**
   * Split the objects of sharded controllers between the replicas of a group (see
   * docs/sharding.md). Off by default.
   */
  sharding?: ShardingOptions;
  /** The manager's registry (`registry` to share one, e.g. prom-client's global `register`) and the Node process metrics. */
  metrics?: MetricsOptions;
  /** Where `/metrics` is served, e.g. `:8443` or `127.0.0.1:0`; `0` (default) turns it off. */
  metricsBindAddress?: string;
  /** HTTPS, certificates and the auth filter of the metrics server (default: plain HTTP, no filter). */
  metricsServer?: MetricsServerOptions;
  /** Timeouts and connection caps of the metrics server (see `DEFAULT_SERVER_LIMITS`). */
  serverLimits?: ServerLimits;
  /**
   * Where `/healthz` and `/readyz` are served, e.g. `:8081` (every interface, IPv4 and IPv6,
   * as kubelet probes the pod's IP); `0` (default) turns them off.
   */
  healthProbeBindAddress?: string;
  /** Timeouts and connection caps of the health-probe server, over `DEFAULT_HEALTH_PROBE_LIMITS`. */
  healthProbeServerLimits?: ServerLimits;
  /** `/readyz` fails when an informer has seen no event or bookmark for this long. Default 10 min. */
  informerStaleAfterMs?: number;
  /** The webhook server, or options for the manager's own (port 9443, certs from a folder). */
  webhookServer?: WebhookServer | WebhookServerOptions;
}
/** The defaults of the plain-valued `ManagerOptions`. */
export const MANAGER_DEFAULTS = {
  gracefulShutdownTimeoutMs: 30_000,
  usePriorityQueue: true,
  eventSource: 'operant',
  informerStaleAfterMs: 600_000,
} as const;

/** Where a pod's service account mount holds its namespace. */
export const namespaceFile = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

/** The pod's namespace, from the service account mount; undefined outside a cluster. */
export function inClusterNamespace(): string | undefined {
  try {
    return readFileSync(namespaceFile, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
