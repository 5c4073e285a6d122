/**
 * The reconcile harness: controllers (decorated classes through core's scanner and an
 * inversify container, or plain `Reconciler`s through `controllerManagedBy()`) run against
 * a `FakeClient`, one reconcile at a time, with core's controller queue (the priority queue
 * unless `usePriorityQueue: false`) on a `FakeClock`. Writes
 * become watch events, which go through the controllers' predicates and handlers back
 * into their queues, so a run goes on until nothing is left to do (quiescent) or a step
 * limit is reached. `requeueAfter` and error backoff wait on the fake clock: `run({ advance })`
 * moves it to the next due key. Its client reads as the manager's does: kinds the controllers
 * watch, `cache.byObject` and `readLive` kinds; any other read is refused (`notCached`) —
 * `h.apiReader` reads anything, for a test's own checks.
 *
 * The harness is a `Cluster` (core's contract the Manager also fulfils): `client`, `cache`
 * (the fake client's informers and cached reads), `apiReader`, `registry`, `logger`,
 * `getEventRecorderFor` (every name records into `h.recorder`), and a `kubeConfig` that names
 * no server. Decorated controllers get their container from core's `createContainer` with
 * the harness as its cluster, so they can inject what the runtime gives them (`CLUSTER`,
 * `CLIENT`, `Cache`, `KubeConfig`, `LOGGER`, `EVENT_RECORDER`) — all but `MANAGER`.
 *
 * ```ts
 * const h = await reconcileHarness({ client: fakeClient().withObjects(notice).build() });
 * await h.addModule(AppModule);               // or h.addControllers([NoticeController], { providers })
 * const report = await h.run();              // { steps, quiescent }
 * h.processed; h.writes; h.events;           // what it did
 * ```
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { Logger, ReconcileContext, Request, Result } from '@operant/core';
import * as client from '@operant/core/client';
import type { ControllerOptions } from '@operant/core/controller';
import { type Provider } from '@operant/core/decorators';
import { type RequestQueue } from '@operant/core/handler';
import {
  applyOutcome,
  createContainer,
  decideOutcome,
  flattenModule,
  newControllerQueue,
  type ResourceRegistry,
  requestFromKey,
  requestKey,
  scanControllers,
  wireControllerInto,
} from '@operant/core/internal';
import { noopLogger } from '@operant/core/log';
import type { Cluster, ClusterCache } from '@operant/core/manager';
import type { Container } from 'inversify';
import { EnvtestError } from '../envtest/errors.js';
import { fakeClient } from './builder.js';
import { FakeClock } from './clock.js';
import type { FakeCacheOptions, FakeClient } from './fake-client.js';
import { HarnessBuilder, type HarnessControllerSpec } from './harness-builder.js';
import { FakeInformers } from './informers.js';
import type { WriteRecord } from './interceptor.js';
import { FakeRecorder, type RecordedEvent } from './recorder.js';

/** What the harness reports reconciles to: a controller's `metrics` option. */
type ControllerMetrics = NonNullable<ControllerOptions['metrics']>;
type ControllerQueue = ReturnType<typeof newControllerQueue>;

import { type AnyClass } from '@operant/crd';

export type ReconcileOutcome = 'success' | 'requeue' | 'requeue_after' | 'error' | 'terminal';

/** One reconcile the harness ran. */
export interface ProcessedRequest {
  controller: string;
  request: Request;
  outcome: ReconcileOutcome;
  result?: Result;
  error?: unknown;
  /** The fake clock's time when it ran (ms). */
  at: number;
  /** The writes this reconcile made (a slice of `harness.writes`). */
  writes: WriteRecord[];
  /** The events this reconcile recorded. */
  events: RecordedEvent[];
}

export interface HarnessOptions {
  /** Default: an empty `fakeClient().build()`. */
  client?: FakeClient;
  /** Default: a FakeClock at 0. */
  clock?: FakeClock;
  /**
   * Kinds cached besides those the controllers watch (`ManagerOptions.cache.byObject`):
   * reads of any other kind through `client` are refused as the manager's client refuses them.
   */
  cache?: Pick<FakeCacheOptions, 'byObject'>;
  /** Kinds read live (`ManagerOptions.readLive`). */
  readLive?: FakeCacheOptions['readLive'];
  logger?: Logger;
  /**
   * Told of each reconcile as the runtime's controller tells it (`reconciled`: the `result`
   * label, terminal, panic; the seconds are the fake clock's), e.g. a spy that records each report.
   */
  metrics?: ControllerMetrics;
  /** What the harness's `kubeConfig` (and an injected `KubeConfig`) is. Default: an empty one, naming no server. */
  kubeConfig?: client.KubeConfigSource;
}

export interface RunOptions {
  /** At most this many reconciles. Default 100. */
  maxSteps?: number;
  /**
   * When no key is ready, move the clock to the next delayed key (a `requeueAfter`, a
   * backoff) and go on, up to this many ms in all. Default 0: stop when nothing is ready.
   */
  advance?: number;
}

export interface RunReport {
  steps: number;
  /** The run ended because nothing was ready (nor due within the `advance` budget), not at `maxSteps`. */
  quiescent: boolean;
  /** Keys waiting on the clock when the run stopped. */
  delayed: number;
}

interface Running extends HarnessControllerSpec {
  queue: ControllerQueue;
  /** The runtime's controller logger: `controller` and `controllerKind`. */
  log: Logger;
}

export class ReconcileHarness implements Cluster {
  readonly client: FakeClient;
  readonly kubeConfig: client.KubeConfigSource;
  /** Cached reads (the kinds the controllers watch, `cache.byObject`), informers, field indexes. */
  readonly cache: ClusterCache;
  readonly logger: Logger;
  readonly clock: FakeClock;
  readonly recorder = new FakeRecorder();
  /** Every reconcile run, in order. */
  readonly processed: ProcessedRequest[] = [];
  /** The container of decorated controllers, for `get(Provider)`. */
  container: Container | undefined;
  private readonly controllers: Running[] = [];
  private readonly metrics: ControllerMetrics | undefined;
  private readonly stopper = new AbortController();
  private turn = 0;

  constructor(options: HarnessOptions = {}) {
    this.client = (options.client ?? fakeClient().build()).enforceCache({
      byObject: options.cache?.byObject,
      readLive: options.readLive,
    });
    this.clock = options.clock ?? new FakeClock();
    this.logger = options.logger ?? noopLogger;
    this.metrics = options.metrics;
    this.kubeConfig = options.kubeConfig ?? new client.KubeConfig();
    const informers = new FakeInformers(this.client);
    this.cache = {
      get: (type, key, opts) => this.client.get(type, key, opts),
      list: (type, opts) => this.client.list(type, opts),
      getInformer: (type) => informers.getInformer(type),
      indexField: (type, name, extract) => informers.getInformer(type).addIndex(name, extract),
    };
  }

  /** The kinds the fake client knows. */
  get registry(): ResourceRegistry {
    return this.client.registry;
  }

  /** The harness's recorder, whatever the name (its events carry none). */
  getEventRecorderFor(_name: string): FakeRecorder {
    return this.recorder;
  }

  /** Waits for `signal`, then stops the harness (`Cluster.start`; a test usually calls `run()` and `stop()`). */
  async start(signal: AbortSignal): Promise<void> {
    if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    this.stop();
  }

  /** Reads of any kind, cached or not (the manager's `GetAPIReader()`), e.g. for a test's checks. */
  get apiReader(): client.Reader {
    return this.client.apiReader();
  }

  /** Writes made through the fake client (by reconcilers and by the test). */
  get writes(): WriteRecord[] {
    return this.client.writes;
  }

  /** Events recorded through `EVENT_RECORDER` (or `harness.recorder`). */
  get events(): RecordedEvent[] {
    return this.recorder.events;
  }

  /** Declares a plain controller: `h.controllerManagedBy().for(Kind).owns(Child).complete(reconciler)`. */
  controllerManagedBy(): HarnessBuilder {
    return new HarnessBuilder(
      this,
      (spec) => this.launch(spec),
      (name) => this.controllers.some((c) => c.name === name),
    );
  }

  /** Decorated controllers, scanned and wired as `createOperator` does; their providers come from `providers`. */
  async addControllers(
    controllers: readonly AnyClass[],
    options: { providers?: readonly Provider[] } = {},
  ): Promise<void> {
    const specs = scanControllers(controllers as Parameters<typeof scanControllers>[0], this.client.registry);
    const runtime = { cluster: this, eventSource: 'operant' };
    const container = createContainer(runtime, options.providers ?? [], { controllers, ...options });
    for (const spec of specs) container.bind(spec.type).toSelf().inSingletonScope();
    this.container = container;
    for (const spec of specs) {
      const instance = await container.getAsync<object>(spec.type);
      wireControllerInto(this.controllerManagedBy(), spec, instance);
    }
  }

  /**
   * The controllers and providers of a root `@Module` (as `OperantFactory.create`); `overrides`
   * replace providers of the same token (a fake of an external service, say).
   */
  async addModule(root: AnyClass, overrides: readonly Provider[] = []): Promise<void> {
    const { controllers, providers } = flattenModule(root);
    const token = (p: Provider) => (typeof p === 'function' ? p : p.provide);
    const replaced = new Set(overrides.map(token));
    await this.addControllers(controllers, {
      providers: [...providers.filter((p) => !replaced.has(token(p))), ...overrides],
    });
  }

  /** A provider or controller instance from the container of `addControllers`/`addModule`. */
  get<T>(token: unknown): T {
    if (this.container === undefined) {
      throw new EnvtestError('invalidConfig', 'unable to get from the harness: add controllers or a module first');
    }
    return this.container.get<T>(token as never);
  }

  /** Queues a request for one controller (by name) or for all. */
  enqueue(request: Request, controller?: string): void {
    for (const c of this.controllers)
      if (controller === undefined || c.name === controller) c.queue.add(requestKey(request));
  }

  /** Runs reconciles until nothing is ready (see `RunOptions`) or `maxSteps` were run. */
  async run(options: RunOptions = {}): Promise<RunReport> {
    const maxSteps = options.maxSteps ?? 100;
    let budget = options.advance ?? 0;
    let steps = 0;
    let quiescent = false;
    await settle();
    while (steps < maxSteps) {
      const next = this.nextReady();
      if (next !== undefined) {
        await this.reconcile(next);
        steps++;
        continue;
      }
      const due = this.clock.nextTimerAt();
      if (due === undefined || due - this.clock.now() > budget) {
        quiescent = true;
        break;
      }
      budget -= due - this.clock.now();
      this.clock.advance(due - this.clock.now());
      await settle();
    }
    const delayed = this.controllers.reduce((n, c) => n + c.queue.delayedLen(), 0);
    return { steps, quiescent, delayed };
  }

  /** Stops every source; the harness is not used afterwards. */
  stop(): void {
    this.stopper.abort();
    for (const c of this.controllers) c.queue.shutDown();
  }

  private launch(spec: HarnessControllerSpec): void {
    const queue = newControllerQueue(spec.usePriorityQueue, { name: spec.name, clock: this.clock });
    const log = this.logger.child({ controller: spec.name, controllerKind: spec.kind });
    this.controllers.push({ ...spec, queue, log });
    const requests: RequestQueue = {
      add: (r) => queue.add(requestKey(r)),
      addAfter: (r, ms) => queue.addWithOptions(requestKey(r), { afterMs: ms }),
      addRateLimited: (r) => queue.addWithOptions(requestKey(r), { rateLimited: true }),
      addWithOptions: queue.prioritized ? (r, o) => queue.addWithOptions(requestKey(r), o) : undefined,
    };
    for (const s of spec.sources) void s.start(this.stopper.signal, requests, log);
  }

  private nextReady(): { c: Running; key: string; priority: number } | undefined {
    for (let i = 0; i < this.controllers.length; i++) {
      const c = this.controllers[(this.turn + i) % this.controllers.length] as Running;
      const next = c.queue.tryGetWithPriority();
      if (next !== undefined) {
        this.turn = (this.turn + i + 1) % this.controllers.length;
        return { c, ...next };
      }
    }
    return undefined;
  }

  /** Runs the reconciler; a synchronous throw and a rejection both come back as `{ ok: false }`. */
  private async call(
    c: Running,
    request: Request,
    context: ReconcileContext,
  ): Promise<{ ok: true; value: Result } | { ok: false; error: unknown }> {
    try {
      return { ok: true, value: (await c.reconciler.reconcile(request, context)) ?? {} };
    } catch (error) {
      return { ok: false, error };
    }
  }

  /** One reconcile, with the outcome table core's `Controller` uses (`decideOutcome`, `applyOutcome`). */
  private async reconcile({ c, key, priority }: { c: Running; key: string; priority: number }): Promise<void> {
    const request = requestFromKey(key);
    const reconcileID = randomUUID();
    const log = c.log.child({ namespace: request.namespace, name: request.name, reconcileID });
    const entry: ProcessedRequest = {
      controller: c.name,
      request,
      outcome: 'success',
      at: this.clock.now(),
      writes: [],
      events: [],
    };
    this.processed.push(entry);
    const writesBefore = this.client.writes.length;
    const eventsBefore = this.recorder.events.length;
    const finished = await this.call(c, request, { signal: this.stopper.signal, log, reconcileID });
    if (finished.ok) entry.result = finished.value;
    else entry.error = finished.error;
    const outcome = decideOutcome(finished, priority);
    applyOutcome(c.queue, key, outcome, log);
    entry.outcome = outcome.terminal ? 'terminal' : outcome.result;
    const seconds = (this.clock.now() - entry.at) / 1000;
    this.metrics?.reconciled?.(c.name, outcome.result, seconds, outcome.terminal, outcome.panic);
    c.queue.done(key);
    entry.writes = this.client.writes.slice(writesBefore);
    entry.events = this.recorder.events.slice(eventsBefore);
    await settle();
  }
}

/** Lets event handlers (map functions may read the client) finish. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A harness; add controllers to it with `addControllers`, `addModule` or `controllerManagedBy()`. */
export async function reconcileHarness(options: HarnessOptions = {}): Promise<ReconcileHarness> {
  return new ReconcileHarness(options);
}
