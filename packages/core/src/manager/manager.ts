/**
 * `newManager(options)`: the implementation of the `Manager` contract (`interfaces.ts`), a
 * class this module does not export (controller-runtime keeps `controllerManager` behind
 * `manager.Manager` unexported): one KubeConfig, resource registry, shared Cache and Client
 * for every controller, and the runnables it starts and stops.
 *
 * `start(signal)`: runnables that need no leadership (servers) start first, then the cache
 * (and waits for it to sync), then the leader runnables that can warm up do so (controllers
 * start their sources: a standby replica keeps warm informers and queues), and the manager
 * campaigns without waiting for them; once elected, leader runnables (controllers) start
 * (their workers). On abort it stops in order — controllers drain, then the cache, then the
 * rest, and leader election last (the Lease is renewed while the controllers drain) — within
 * `gracefulShutdownTimeoutMs`. A runnable that fails stops everything, and `start` rejects
 * with its error; so does a stop that passes the timeout (the Lease is then not released).
 * A lost leadership stops everything without a graceful period (controller-runtime sets the
 * timeout to 0 in `OnStoppedLeading`): the controllers stop taking keys, `start` rejects at
 * once, and from then on (or from the renew deadline, whichever comes first) the manager's
 * client refuses writes and aborts those in flight, so a reconcile still running writes
 * nothing. Then, as controller-runtime stops its recorder provider last, the event
 * recorders write their pending series counts in what is left of the timeout (what is late
 * is left behind, no failure). Leader election plugs in through `leaderElector`.
 *
 * What it is made of lives beside it: `interfaces.ts` (the `Manager` contract), `cluster.ts`
 * (the `Cluster` contract it extends), `options.ts` (`ManagerOptions` and the defaults),
 * `runnable-groups.ts` (the groups and their start and stop order), `leader-election.ts` (the
 * Lease elector of `leaderElection: true`), `errors.ts` (`ManagerError`).
 * @module
 */

import { OperantError } from '@operant/crd/metadata';
import type { Logger } from '../api/logger.js';
import { nodeVersionProblem } from '../api/node-version.js';
import type { Runnable } from '../api/runnable.js';
import { Cache } from '../cache/cache.js';
import { ApiClient } from '../client/api-client.js';
import { newClient } from '../client/client.js';
import { loadKubeConfig } from '../client/config.js';
import { fencedClient } from '../client/fenced-client.js';
import type { Client, Reader } from '../client/interfaces.js';
import type { KubeConfigSource as KubeConfig } from '../client/kubeconfig.js';
import { RestClient, type RestWire } from '../client/rest.js';
import { EventBroadcaster } from '../events/broadcaster.js';
import type { EventRecorder, Recorder } from '../events/recorder.js';
import { Checks } from '../healthz/checks.js';
import type { LeaderElector } from '../leaderelection/leader-elector.js';
import { newLogger } from '../log/logger.js';
import { type MetricsRegistry, newRegistry } from '../metrics/registry.js';
import { ResourceRegistry } from '../resources/registry.js';
import { HttpServer } from '../server/http-server.js';
import { DEFAULT_HEALTH_PROBE_LIMITS } from '../server/limits.js';
import { Sharding } from '../sharding/runtime.js';
import { isReconcileHistorySource, type ReconcileHistorySource } from '../trace/reconcile-history-source.js';
import type { WebhookServer } from '../webhook/contracts.js';
import { newWebhookServer, type WebhookServerOptions } from '../webhook/server.js';
import { ManagerError } from './errors.js';
import type { Manager } from './interfaces.js';
import { newLeaseElector } from './leader-election.js';
import { registerManagerMetrics } from './metric-families.js';
import { newMetricsServer } from './metrics-server.js';
import { inClusterNamespace, MANAGER_DEFAULTS, type ManagerOptions } from './options.js';
import { RunnableGroups, stopAll } from './runnable-groups.js';

export class ControllerManager implements Manager {
  readonly kubeConfig: KubeConfig;
  readonly registry: ResourceRegistry;
  readonly cache: Cache;
  readonly client: Client;
  readonly logger: Logger;
  readonly gracefulShutdownTimeoutMs: number;
  readonly usePriorityQueue: boolean;
  readonly recordCauses: boolean;
  readonly reconcileTimeoutMs: number | undefined;
  readonly reconcileTimeoutGraceMs: number | undefined;
  /** The `reportingController` of the injected `EventRecorder` (`eventSource` option). */
  readonly eventSource: string;
  readonly metrics: MetricsRegistry;
  readonly healthz = new Checks('healthz');
  readonly readyz = new Checks('readyz');
  /** The metrics and health-probe servers, when enabled. */
  readonly metricsServer: HttpServer | undefined;
  readonly healthProbeServer: HttpServer | undefined;
  private cacheSynced = false;
  private readonly informerStaleAfterMs: number;
  private readonly runnables: Runnable[] = [];
  /** The runnables added that remember their reconciles (controllers), for `/debug/reconciles`. */
  private readonly reconcileSources: ReconcileHistorySource[] = [];
  private readonly controllerNames = new Set<string>();
  private readonly leaderElector: LeaderElector | undefined;
  private webhookServer: WebhookServer | undefined;
  private readonly webhookServerOptions: WebhookServer | WebhookServerOptions;
  private groups: RunnableGroups | undefined;
  private liveReader: ApiClient | undefined;
  private readonly leading: { promise: Promise<void>; resolve: () => void };
  /** Aborted with the error when the leadership is lost: the client's writes stop. */
  private readonly fence = new AbortController();
  private readonly events: EventBroadcaster;
  readonly sharding: Sharding | undefined;

  constructor(options: ManagerOptions = {}) {
    this.kubeConfig = options.kubeConfig ?? loadKubeConfig();
    this.registry = options.registry ?? new ResourceRegistry();
    this.logger = options.logger ?? newLogger();
    this.gracefulShutdownTimeoutMs = options.gracefulShutdownTimeoutMs ?? MANAGER_DEFAULTS.gracefulShutdownTimeoutMs;
    this.usePriorityQueue = options.usePriorityQueue ?? MANAGER_DEFAULTS.usePriorityQueue;
    this.recordCauses = options.recordCauses ?? options.metricsServer?.debugReconciles === true;
    this.reconcileTimeoutMs = options.reconcileTimeoutMs;
    this.reconcileTimeoutGraceMs = options.reconcileTimeoutGraceMs;
    this.eventSource = options.eventSource ?? MANAGER_DEFAULTS.eventSource;
    this.cache = new Cache({
      ...options.cache,
      rest:
        options.cache?.rest ??
        new RestClient(this.kubeConfig, { ...options.client, logger: this.logger.child({ component: 'rest' }) }),
      kubeConfig: this.kubeConfig,
      registry: this.registry,
      logger: this.logger.child({ component: 'cache' }),
    });
    const client = newClient({
      rest: this.cache.rest,
      registry: this.registry,
      cache: this.cache,
      readLive: options.readLive,
      fieldOwner: options.fieldOwner,
      stamp: (obj) => this.sharding?.stamp(obj) ?? obj,
    });
    // the recorders write their last series counts after the Lease is released: not fenced
    this.events = new EventBroadcaster(client, this.logger.child({ component: 'events' }), options.events);
    this.metrics = newRegistry(options.metrics);
    registerManagerMetrics(this.metrics, this.cache.rest);
    this.leaderElector =
      options.leaderElector ??
      newLeaseElector(options, {
        leaseRest: () => this.leaseRest(options),
        registry: this.registry,
        metrics: this.metrics,
        logger: this.logger,
      });
    // only an elected leader's writes can be cut off in flight (the fence aborts when the
    // leadership is lost); without an election a write carries no abort listener for it
    this.client = fencedClient(client, {
      signal: this.leaderElector === undefined ? undefined : this.fence.signal,
      refusal: () => this.writeRefusal(),
    });
    this.healthz.add('ping', () => undefined);
    this.informerStaleAfterMs = options.informerStaleAfterMs ?? MANAGER_DEFAULTS.informerStaleAfterMs;
    this.webhookServerOptions = options.webhookServer ?? {};
    this.readyz.add('informers', () => this.checkInformers());
    this.sharding = this.newSharding(options);
    let resolve!: () => void;
    this.leading = { promise: new Promise<void>((r) => (resolve = r)), resolve };
    const enabled = (address: string | undefined): address is string => address !== undefined && address !== '0';
    if (enabled(options.metricsBindAddress)) {
      this.metricsServer = newMetricsServer(options.metricsBindAddress, this.metrics, options.metricsServer ?? {}, {
        rest: this.cache.rest,
        logger: this.logger,
        limits: options.serverLimits,
        controllers: () => this.reconcileSources,
      });
      this.runnables.push(this.metricsServer);
    }
    if (enabled(options.healthProbeBindAddress)) {
      this.healthProbeServer = new HttpServer(
        'health probe',
        options.healthProbeBindAddress,
        async (url) => {
          const [, endpoint, ...rest] = url.pathname.split('/');
          const checks = endpoint === 'healthz' ? this.healthz : endpoint === 'readyz' ? this.readyz : undefined;
          if (checks === undefined) return { status: 404, body: 'not found\n' };
          return checks.respond(rest.join('/'), url.searchParams);
        },
        { ...DEFAULT_HEALTH_PROBE_LIMITS, ...options.healthProbeServerLimits },
      );
      this.runnables.push(this.healthProbeServer);
    }
  }

  /** Why the client refuses writes now: the leadership was lost, or has lapsed since the election. */
  private writeRefusal(): Error | undefined {
    if (this.fence.signal.aborted) return this.fence.signal.reason as Error;
    if (this.groups?.elected && this.leaderElector?.isLeader === false) {
      return new ManagerError('this process no longer holds the leader election');
    }
    return undefined;
  }

  private leaseWire: RestClient | undefined;

  /**
   * The wire of Lease renewals (leader election, shard membership): the manager's, unless
   * its client is rate-limited (`client.qps`); then a client of their own without the
   * limiter, so a renewal never waits behind the controllers' requests past the renew
   * deadline (client-go's leader election has its own client too).
   */
  private leaseRest(options: ManagerOptions): RestClient {
    const limited = (options.client?.qps ?? 0) > 0 || options.client?.rateLimiter !== undefined;
    if (!limited) return this.cache.rest;
    this.leaseWire ??= new RestClient(this.kubeConfig, {
      ...options.client,
      qps: undefined,
      burst: undefined,
      rateLimiter: undefined,
      logger: this.logger.child({ component: 'rest', wire: 'leases' }),
    });
    return this.leaseWire;
  }

  private newSharding(options: ManagerOptions): Sharding | undefined {
    if (options.sharding === undefined || options.sharding.enabled === false) return undefined;
    const sharding = new Sharding({
      options: options.sharding,
      namespace: options.leaderElectionNamespace ?? inClusterNamespace(),
      group: options.leaderElectionID,
      leaseDurationMs: options.leaseDurationMs,
      renewDeadlineMs: options.renewDeadlineMs,
      retryPeriodMs: options.retryPeriodMs,
      liveClient: new ApiClient({
        rest: this.leaseRest(options),
        registry: this.registry,
        fieldOwner: options.fieldOwner,
      }),
      client: this.client,
      rest: this.cache.rest,
      registry: this.registry,
      cache: this.cache,
      logger: this.logger,
      metrics: this.metrics,
      add: (runnable) => this.add(runnable),
    });
    this.runnables.push(sharding.coordinator);
    this.readyz.add('sharding', () => sharding.check());
    return sharding;
  }

  /** Reads straight from the API server, any kind (controller-runtime's `GetAPIReader`). */
  get apiReader(): Reader {
    this.liveReader ??= new ApiClient({ rest: this.cache.rest, registry: this.registry });
    return this.liveReader;
  }

  /**
   * Resolves once this manager leads: when it wins the Lease, or right after the cache
   * synced without leader election (controller-runtime's `Elected()`); never when it stops first.
   */
  elected(): Promise<void> {
    return this.leading.promise;
  }

  private readonly recorders = new Map<string, Recorder>();

  /**
   * An EventRecorder that reports as `name` (controller-runtime's `GetEventRecorder`, or its
   * deprecated `GetEventRecorderFor` with the option `events: { api: 'v1' }`).
   */
  getEventRecorderFor(name: string): EventRecorder & { flush(): Promise<void> } {
    let recorder = this.recorders.get(name);
    if (recorder === undefined) {
      recorder = this.events.newRecorder(name);
      this.recorders.set(name, recorder);
    }
    return recorder;
  }

  /** The REST wire of the cache, the client and the API reader. */
  get rest(): RestWire {
    return this.cache.rest;
  }

  /**
   * The webhook server (controller-runtime's `GetWebhookServer`). Created on first use and
   * then run by the manager on every replica (it needs no leadership), with a readiness
   * check `webhook` that passes once it completes TLS handshakes.
   */
  getWebhookServer(): WebhookServer {
    if (this.webhookServer === undefined) {
      const given = this.webhookServerOptions;
      const server = isWebhookServer(given)
        ? given
        : newWebhookServer({ ...given, logger: given.logger ?? this.logger });
      this.webhookServer = server;
      this.readyz.add('webhook', server.startedChecker());
      this.add(server);
    }
    return this.webhookServer;
  }

  /** Adds a liveness check served at `/healthz` and `/healthz/<name>`. */
  addHealthzCheck(name: string, check: () => void | Promise<void>): void {
    this.healthz.add(name, check);
  }

  /** Adds a readiness check served at `/readyz` and `/readyz/<name>`. */
  addReadyzCheck(name: string, check: () => void | Promise<void>): void {
    this.readyz.add(name, check);
  }

  private checkInformers(): void {
    if (!this.cacheSynced) throw new Error('caches have not synced yet');
    const pending = this.cache.health().filter((h) => !h.synced);
    if (pending.length > 0) throw new Error(`informers not synced: ${pending.map((h) => h.kind).join(', ')}`);
    const now = Date.now();
    const stale = this.cache
      .health()
      .filter((h) => h.lastEventTime !== undefined && now - h.lastEventTime.getTime() > this.informerStaleAfterMs);
    if (stale.length > 0) {
      throw new Error(
        `no watch event or bookmark for over ${this.informerStaleAfterMs} ms: ${stale.map((h) => h.kind).join(', ')}`,
      );
    }
  }

  /** Reserves a controller name; throws when it is taken (names key logs and metrics). */
  registerControllerName(name: string): void {
    if (this.controllerNames.has(name)) {
      throw new ManagerError(`unable to add controller ${name}: a controller with that name already exists`);
    }
    this.controllerNames.add(name);
  }

  hasControllerName(name: string): boolean {
    return this.controllerNames.has(name);
  }

  /** Adds a runnable; one added after start starts at once (after election if it needs it). */
  add(runnable: Runnable): void {
    this.runnables.push(runnable);
    if (isReconcileHistorySource(runnable)) this.reconcileSources.push(runnable);
    this.groups?.add(runnable);
  }

  async start(signal: AbortSignal): Promise<void> {
    if (this.groups !== undefined) throw new ManagerError('unable to start the manager: it was already started');
    // sharded kinds are narrowed before any informer starts (the mode needs a request)
    if (this.sharding !== undefined && !(await this.sharding.prepare(signal))) return;
    let failed: unknown;
    let fail!: () => void;
    const failedOnce = new Promise<void>((resolve) => {
      fail = resolve;
    });
    const failure = (err: unknown) => {
      if (failed === undefined) failed = err ?? new ManagerError('a runnable failed');
      fail();
    };
    const groups = new RunnableGroups(failure);
    // the fence aborts when the leadership is lost: no graceful period from then on
    const lostLeadership = new Promise<void>((resolve) =>
      this.fence.signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    // stopped last, as controller-runtime stops its recorder provider: writes the pending series counts
    groups.run(groups.events, this.events);
    this.groups = groups;
    const stopped = new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });

    groups.startOthers(this.runnables);
    groups.caches.running.push(this.cache.start(groups.caches.stop.signal).catch(failure));
    const startup = (async () => {
      const synced = await this.cache.waitForCacheSync(AbortSignal.any([signal, groups.leaders.stop.signal]));
      if (!synced) return;
      this.cacheSynced = true;
      groups.warmUpLeaders(this.runnables);
      await this.leaderElector?.elect(groups.election.stop.signal, (err) => {
        this.fence.abort(err);
        failure(err);
      });
      if (signal.aborted || failed !== undefined) return;
      groups.elected = true;
      this.leading.resolve();
      groups.startLeaders(this.runnables);
    })().catch(failure);

    await Promise.race([stopped, failedOnce]);
    this.logger.info('stopping the manager', failed === undefined ? {} : { error: failed });
    const deadline = Date.now() + this.gracefulShutdownTimeoutMs;
    const timedOut = await stopAll(deadline, groups.shutdownOrder(startup), lostLeadership);
    // a drain past the deadline may leave a reconcile running: keep the Lease until it expires
    if (failed === undefined && !timedOut) await this.leaderElector?.release?.();
    // the recorders last (a write that outlives the deadline is left behind, no failure)
    await stopAll(deadline, [groups.events], lostLeadership);
    if (failed !== undefined) throw failed;
    if (timedOut) {
      throw new ManagerError(
        `unable to stop the manager within the graceful shutdown timeout of ${this.gracefulShutdownTimeoutMs} ms`,
      );
    }
  }
}

/**
 * A Manager (controller-runtime's `ctrl.NewManager`). An application gets one from
 * `OperantFactory.create(AppModule, { manager: options })`; `newManager` with
 * `controllerManagedBy(mgr)` is the hard mode under the decorators.
 */
export function newManager(options: ManagerOptions = {}): Manager {
  const tooOld = nodeVersionProblem();
  if (tooOld !== undefined) throw new OperantError('Config', tooOld);
  return new ControllerManager(options);
}

function isWebhookServer(given: WebhookServer | WebhookServerOptions): given is WebhookServer {
  return typeof (given as Partial<WebhookServer>).register === 'function';
}
