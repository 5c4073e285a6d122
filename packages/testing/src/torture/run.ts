/**
 * One run of a scenario: a fresh namespace on its backend (the control plane, or a fake
 * client: backend.ts), a manager (replaced after each crash) with the controller registered
 * on its perturbed client and cache, the user's steps one by one with a wait for quiet after each (and the caller's check, `afterStep`),
 * then the end state. Every wait has a budget, and every manager is stopped before the run
 * returns, whatever happened.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { type Client, ignoreNotFound, type KubernetesObject } from '@operant/core';
import type { Manager } from '@operant/core/manager';
import { resourceType } from '@operant/core/resources';
import type { ReconcileHistorySource } from '@operant/core/trace';
import { controlPlaneBackend, type RunBackend } from './backend.js';
import { isHistorySource, retryingKeys, stuck } from './convergence.js';
import { readEndState } from './end-state.js';
import { fakeBackend } from './fake-backend.js';
import { MissedStates } from './missed-states.js';
import type { EndState, ScenarioStep, TortureOptions } from './options.js';
import type { Perturbation, RunTrace, TracedWrite } from './perturbation.js';
import { InformerHandlers, perturbedManager } from './perturbed-manager.js';
import { activeControllers, metricSum, waitForCache, waitForQuiet } from './quiescence.js';
import { seededRandom } from './random.js';
import { describeStep, runStep, type StepResult } from './scenario-steps.js';
import { registerSetup } from './setup.js';
import { StaleReads } from './stale-reads.js';
import { TortureError } from './torture-error.js';
import { type Injection, WriteFaults } from './write-faults.js';

/** `TortureOptions` with the defaults filled in, and a check after each step. */
export type RunOptions = TortureOptions &
  Required<Pick<TortureOptions, 'settleMs' | 'stepBudgetMs' | 'staleWindowMs' | 'ignoreFields'>> & {
    /** Once a step is quiet: what is wrong with the state it left, if anything (generated scenarios' convergence). */
    afterStep?: (
      user: Client,
      step: ScenarioStep,
      result: Extract<StepResult, { done: true }>,
    ) => Promise<string | undefined>;
  };

export interface RunOutcome extends RunTrace {
  /** The end state; undefined when the run stopped early (`problem` says why). */
  state: EndState | undefined;
  /** Why the run has no end state: a step that never became quiet, or that the API server refused. */
  problem: string | undefined;
  /** Whether the API server refused a step. */
  refused: boolean;
  writes: TracedWrite[];
  injection: Injection | undefined;
  restarts: number;
  durationMs: number;
}

/** One manager of the run, and what stops it. */
interface Generation {
  manager: Manager;
  handlers: InformerHandlers;
  /** Its controllers, whose recent reconciles say whether a key is retrying or looping. */
  sources: ReconcileHistorySource[];
  stop: AbortController;
  running: Promise<void>;
  crashed: boolean;
}

const STOP_GRACE_MS = 5_000;

/** Runs the scenario once, under `perturbation` or (undefined) cleanly. */
export async function runScenario(options: RunOptions, perturbation: Perturbation | undefined): Promise<RunOutcome> {
  return new ScenarioRun(options, perturbation).run();
}

class ScenarioRun {
  private readonly started = Date.now();
  private readonly namespace = `torture-${randomBytes(4).toString('hex')}`;
  private readonly backend: RunBackend;
  private readonly user: Client;
  private readonly writes: WriteFaults;
  private readonly reads: StaleReads;
  private readonly missed: MissedStates;
  private current: Generation | undefined;
  private restarting: Promise<void> | undefined;
  private restartError: unknown;
  private restarts = 0;
  private lastActive = Date.now();
  private lastBusy = Date.now();
  private refused = false;
  private finished = false;

  constructor(
    private readonly options: RunOptions,
    perturbation: Perturbation | undefined,
  ) {
    this.backend = options.backend === 'fake' ? fakeBackend(options) : controlPlaneBackend(options);
    this.user = this.backend.user;
    const reconciles = () => this.reconciling();
    const random = () => seededRandom(perturbation?.seed ?? 0);
    this.writes = new WriteFaults(perturbation, () => this.crash(), reconciles);
    this.reads = new StaleReads(
      perturbation,
      options.staleWindowMs,
      random(),
      (info, key) => this.user.get(resourceType(info), key).catch(ignoreNotFound),
      { deliver: (info, stale, now) => this.current?.handlers.deliver(info, stale, now) },
      reconciles,
    );
    this.missed = new MissedStates(perturbation, options.staleWindowMs, random());
  }

  async run(): Promise<RunOutcome> {
    await this.backend.prepare(this.namespace);
    let problem: string | undefined;
    let state: EndState | undefined;
    try {
      this.current = await this.start();
      problem = await this.steps();
      if (problem === undefined) {
        state = await readEndState(this.user, this.options.kinds, this.namespace, this.options.ignoreFields);
      }
    } finally {
      await this.finish();
    }
    return {
      state,
      problem,
      refused: this.refused,
      writes: this.writes.trace,
      staleReads: this.reads.points,
      updateEvents: this.missed.points,
      injection: this.writes.injection ?? this.reads.injection ?? this.missed.injection,
      restarts: this.restarts,
      durationMs: Date.now() - this.started,
    };
  }

  /** Does the user's steps, each followed by a wait for quiet; returns why they stopped early, if they did. */
  private async steps(): Promise<string | undefined> {
    const { scenario, stepBudgetMs } = this.options;
    for (const [i, step] of scenario.entries()) {
      const result = await runStep(this.user, this.namespace, step);
      if (!result.done) {
        this.refused = true;
        return result.problem;
      }
      const name = `step ${i + 1} (${describeStep(step)})`;
      // the controller has not seen the step until its cache holds it: quiet before that means nothing
      const seen = await this.seen(result.object, result.deleted);
      const notQuiet = seen ? await this.quiet() : undefined;
      if (this.restartError !== undefined) {
        return `unable to restart the manager after the crash: ${String(this.restartError)}`;
      }
      if (!seen) return `${name} did not reach the manager's cache within ${stepBudgetMs} ms`;
      if (notQuiet !== undefined) return `${name} did not become quiet${notQuiet}`;
      const wrong = await this.options.afterStep?.(this.user, step, result);
      if (wrong !== undefined) return `${name} did not converge: ${wrong}`;
    }
    return undefined;
  }

  /** Waits for quiet; undefined once quiet, else why not (`: <stuck>` or ` within <budget> ms`). */
  private async quiet(): Promise<string | undefined> {
    const { settleMs, stepBudgetMs } = this.options;
    const sources = () => this.current?.sources ?? [];
    const notQuiet = await waitForQuiet(
      {
        manager: () => this.current?.manager,
        lastActive: () => this.lastActive,
        busy: () => {
          const busy = this.restarting !== undefined || this.reads.open || this.missed.open;
          if (busy) this.lastBusy = Date.now();
          return busy;
        },
        retrying: () => retryingKeys(sources()),
        stuck: () => stuck(sources(), this.lastBusy),
      },
      settleMs,
      stepBudgetMs,
    );
    if (notQuiet === undefined) return undefined;
    if (notQuiet.stuck !== undefined) return `: ${notQuiet.stuck}`;
    const retrying =
      notQuiet.retrying.length === 0 ? '' : ` (${notQuiet.retrying.join(', ')} still retrying after errors)`;
    return ` within ${stepBudgetMs} ms${retrying}`;
  }

  /** A new manager with the controller registered, once its informers synced. */
  private async start(): Promise<Generation> {
    const manager = this.backend.newManager(this.namespace);
    const handlers = new InformerHandlers(() => this.active(), this.missed);
    const stop = new AbortController();
    const generation: Generation = { manager, handlers, sources: [], stop, running: Promise.resolve(), crashed: false };
    const perturbations = {
      writes: this.writes,
      reads: this.reads,
      crashed: () => generation.crashed,
      active: () => this.active(),
      added: (runnable: unknown) => {
        if (isHistorySource(runnable)) generation.sources.push(runnable);
      },
    };
    await registerSetup(this.options.setup, perturbedManager(manager, perturbations, handlers));
    let failure: unknown;
    generation.running = manager.start(stop.signal).catch((err: unknown) => {
      failure = err;
    });
    const budget = this.options.stepBudgetMs;
    const ready = await Promise.race([
      synced(manager, stop.signal),
      generation.running.then(() => false),
      sleep(budget).then(() => false),
    ]);
    if (ready) return generation;
    await stopGeneration(generation);
    const why = failure === undefined ? `its informers did not sync within ${budget} ms` : String(failure);
    throw new TortureError('scenario', `unable to start the manager for Namespace ${this.namespace}: ${why}`, {
      cause: failure,
    });
  }

  /** The crash point was reached: the manager stops, and a new one takes over. */
  private crash(): void {
    const crashed = this.current;
    if (this.finished || crashed === undefined || crashed.crashed) return;
    crashed.crashed = true;
    this.restarts++;
    this.restarting = (async () => {
      await stopGeneration(crashed);
      if (!this.finished) this.current = await this.start();
    })()
      .catch((err: unknown) => {
        this.restartError = err;
      })
      .finally(() => {
        this.restarting = undefined;
      });
  }

  /** Stops everything the run started; the namespace goes in the background. */
  private async finish(): Promise<void> {
    this.finished = true;
    this.reads.stop();
    this.missed.stop();
    await this.restarting?.catch(() => undefined);
    if (this.current !== undefined) await stopGeneration(this.current);
    this.backend.finish(this.namespace);
  }

  /** Waits until the manager's cache holds what a step wrote (or no longer holds what it deleted). */
  private async seen(obj: KubernetesObject, deleted: boolean): Promise<boolean> {
    const info = await this.backend.kindOf(obj);
    const key = { namespace: obj.metadata?.namespace, name: obj.metadata?.name ?? '' };
    return waitForCache(
      () => this.current?.manager.cache,
      resourceType(info),
      key,
      deleted ? undefined : obj.metadata?.resourceVersion,
      this.options.stepBudgetMs,
    );
  }

  private active(): void {
    this.lastActive = Date.now();
  }

  /**
   * Which controller is reconciling now (from the manager's `active_workers`), and the number
   * of its reconcile (its finished reconciles plus one) when it is the only one.
   */
  private async reconciling(): Promise<{ controller: string | undefined; reconcile: number | undefined }> {
    const manager = this.current?.manager;
    if (manager === undefined) return { controller: undefined, reconcile: undefined };
    const active = await activeControllers(manager);
    const [only] = active;
    if (only === undefined || active.length > 1)
      return { controller: active.join(' or ') || undefined, reconcile: undefined };
    return {
      controller: only,
      reconcile: (await metricSum(manager, 'controller_runtime_reconcile_total', { controller: only })) + 1,
    };
  }
}

/**
 * Resolves true once the manager leads (its cache synced and its controllers' sources
 * started) and their informers synced too; false when `signal` aborts first.
 */
async function synced(manager: Manager, signal: AbortSignal): Promise<boolean> {
  await manager.elected();
  while (!manager.cache.health().every((h) => h.synced)) {
    if (signal.aborted) return false;
    await sleep(20);
  }
  return true;
}

/** Stops a manager and waits for it, at most its graceful shutdown timeout and a little more. */
async function stopGeneration(generation: Generation): Promise<void> {
  generation.stop.abort();
  await Promise.race([generation.running, sleep(generation.manager.gracefulShutdownTimeoutMs + STOP_GRACE_MS)]);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
