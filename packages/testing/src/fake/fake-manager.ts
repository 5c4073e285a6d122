/**
 * `FakeManager`: core's `Manager` contract over a `FakeClient`, so that the runtime's own
 * controllers (`controllerManagedBy(mgr)`, unchanged) run without a control plane. Its client
 * is the fake client it is given, reading as the manager's client reads (kinds watched, in
 * `cache.byObject` or in `readLive`; others are `notCached`); its cache is the fake's
 * informers (synced at once, an event as each write happens) over the same objects; its
 * metrics, health checks and controller names are those of a real manager that is never
 * started (it names no server). `start` runs the added runnables — the controllers, their
 * workers and requeues on the wall clock — until the signal aborts, then stops them within
 * the graceful shutdown timeout. Its event recorders keep the events (`recorder`). There is no
 * leader election, metrics or health-probe server, or sharding; webhooks can be registered
 * (`getWebhookServer()`) but are never served.
 * @module
 */
import type { Logger } from '@operant/core';
import type { Runnable } from '@operant/core/api';
import { KubeConfig, type Reader } from '@operant/core/client';
import type { ResourceRegistry } from '@operant/core/internal';
import { type Manager, type ManagerOptions, newManager } from '@operant/core/manager';
import type { FakeClient } from './fake-client.js';
import { FakeInformers } from './informers.js';
import { FakeRecorder } from './recorder.js';

/** What of `ManagerOptions` the fake manager uses: its client reads, logger, controller defaults, metrics registry. */
export type FakeManagerOptions = Pick<
  ManagerOptions,
  | 'cache'
  | 'readLive'
  | 'logger'
  | 'gracefulShutdownTimeoutMs'
  | 'usePriorityQueue'
  | 'recordCauses'
  | 'reconcileTimeoutMs'
  | 'reconcileTimeoutGraceMs'
  | 'eventSource'
  | 'metrics'
>;

type ManagerCache = Manager['cache'];

export class FakeManager implements Manager {
  readonly client: FakeClient;
  readonly cache: ManagerCache;
  readonly recorder = new FakeRecorder();
  /** A real manager, never started: the metrics registry, the health checks and the controller names. */
  private readonly base: Manager;
  private readonly runnables: Runnable[] = [];
  private running: { signal: AbortSignal; stopped: Promise<void>[]; fail: (err: unknown) => void } | undefined;
  private readonly leading: { promise: Promise<void>; resolve: () => void };

  constructor(client: FakeClient, options: FakeManagerOptions = {}) {
    this.base = newManager({ ...options, kubeConfig: new KubeConfig(), registry: client.registry });
    this.client = client.enforceCache({ byObject: options.cache?.byObject, readLive: options.readLive });
    const informers = new FakeInformers(client);
    this.cache = {
      get: (type, key, opts) => client.get(type, key, opts),
      list: (type, opts) => client.list(type, opts),
      getInformer: (type) => informers.getInformer(type),
      indexField: (type, name, extract) => informers.getInformer(type).addIndex(name, extract),
      waitForCacheSync: async () => true,
      health: () => informers.health(),
    };
    let resolve!: () => void;
    this.leading = { promise: new Promise<void>((r) => (resolve = r)), resolve };
  }

  get kubeConfig(): KubeConfig {
    return this.base.kubeConfig as KubeConfig;
  }
  get registry(): ResourceRegistry {
    return this.client.registry;
  }
  get apiReader(): Reader {
    return this.client.apiReader();
  }
  get logger(): Logger {
    return this.base.logger;
  }
  get rest(): Manager['rest'] {
    return this.base.rest;
  }
  get metrics(): Manager['metrics'] {
    return this.base.metrics;
  }
  get gracefulShutdownTimeoutMs(): number {
    return this.base.gracefulShutdownTimeoutMs;
  }
  get usePriorityQueue(): boolean {
    return this.base.usePriorityQueue;
  }
  get recordCauses(): boolean {
    return this.base.recordCauses;
  }
  get reconcileTimeoutMs(): number | undefined {
    return this.base.reconcileTimeoutMs;
  }
  get reconcileTimeoutGraceMs(): number | undefined {
    return this.base.reconcileTimeoutGraceMs;
  }
  get eventSource(): string {
    return this.base.eventSource;
  }
  get healthz(): Manager['healthz'] {
    return this.base.healthz;
  }
  get readyz(): Manager['readyz'] {
    return this.base.readyz;
  }
  readonly metricsServer = undefined;
  readonly healthProbeServer = undefined;

  /** Every name records into `recorder`. */
  getEventRecorderFor(_name: string): FakeRecorder {
    return this.recorder;
  }

  getWebhookServer(): never {
    return this.base.getWebhookServer() as never;
  }

  addHealthzCheck(name: string, check: () => void | Promise<void>): void {
    this.base.addHealthzCheck(name, check);
  }

  addReadyzCheck(name: string, check: () => void | Promise<void>): void {
    this.base.addReadyzCheck(name, check);
  }

  registerControllerName(name: string): void {
    this.base.registerControllerName(name);
  }

  hasControllerName(name: string): boolean {
    return this.base.hasControllerName(name);
  }

  /** Adds a runnable; one added after start starts at once. */
  add(runnable: Runnable): void {
    this.runnables.push(runnable);
    const r = this.running;
    if (r !== undefined) r.stopped.push(runnable.start(r.signal).catch(r.fail));
  }

  /** Resolves once started (there is no leader election). */
  elected(): Promise<void> {
    return this.leading.promise;
  }

  /**
   * Starts every runnable, and on `signal`'s abort (or a runnable's failure) stops them and
   * waits for them, at most `gracefulShutdownTimeoutMs`; rejects with the first failure.
   */
  async start(signal: AbortSignal): Promise<void> {
    if (this.running !== undefined) throw new Error('unable to start the fake manager: it was already started');
    const stop = new AbortController();
    let failed: unknown;
    let failedOnce!: () => void;
    const failure = new Promise<void>((resolve) => {
      failedOnce = resolve;
    });
    const running = {
      signal: stop.signal,
      stopped: [] as Promise<void>[],
      fail: (err: unknown) => {
        failed ??= err ?? new Error('a runnable failed');
        failedOnce();
      },
    };
    this.running = running;
    for (const runnable of this.runnables) running.stopped.push(runnable.start(stop.signal).catch(running.fail));
    if (!signal.aborted) this.leading.resolve();
    const aborted = new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
    await Promise.race([aborted, failure]);
    stop.abort();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.gracefulShutdownTimeoutMs);
    });
    await Promise.race([Promise.all(running.stopped), timeout]).finally(() => clearTimeout(timer));
    if (failed !== undefined) throw failed;
  }
}
