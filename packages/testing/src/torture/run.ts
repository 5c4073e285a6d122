/**
 * One run of a scenario: a fresh namespace on the control plane, a manager (restarted after
 * each crash) with the controller registered on its perturbed client and cache, the user's
 * steps one by one with a wait for quiet after each, then the end state. Every wait has a
 * budget and every manager is stopped before the run returns, whatever happened.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { ignoreNotFound, isAlreadyExists, type KubernetesObject } from '@operant/core';
import { ApiClient, mergePatch } from '@operant/core/client';
import type { ResourceInfo } from '@operant/core/internal';
import { noopLogger } from '@operant/core/log';
import { type Manager, newManager } from '@operant/core/manager';
import { resourceType } from '@operant/core/resources';
import { readEndState } from './end-state.js';
import { MissedStates } from './missed-states.js';
import type { EndState, ScenarioStep, TortureOptions } from './options.js';
import type { Perturbation, TracedWrite } from './perturbation.js';
import { InformerHandlers, perturbedManager } from './perturbed-manager.js';
import { metricSum, waitForQuiet } from './quiescence.js';
import { seededRandom } from './random.js';
import { type ObjectKey, StaleReads } from './stale-reads.js';
import { TortureError } from './torture-error.js';
import { type Injection, WriteFaults } from './write-faults.js';

/** `TortureOptions` with the defaults filled in. */
export type RunOptions = TortureOptions &
  Required<Pick<TortureOptions, 'settleMs' | 'stepBudgetMs' | 'staleWindowMs' | 'ignoreFields'>>;

export interface RunOutcome {
  /** The end state; undefined when the run stopped early (`problem` says why). */
  state: EndState | undefined;
  /** Why the run has no end state: a step that never became quiet, or that the API server refused. */
  problem: string | undefined;
  writes: TracedWrite[];
  historyReads: number;
  updateEvents: number;
  injection: Injection | undefined;
  restarts: number;
  durationMs: number;
}

interface Generation {
  manager: Manager;
  handlers: InformerHandlers;
  stop: AbortController;
  running: Promise<void>;
  crashed: boolean;
}

const STOP_GRACE_MS = 5_000;

export async function runScenario(options: RunOptions, perturbation: Perturbation | undefined): Promise<RunOutcome> {
  const started = Date.now();
  const user = new ApiClient({
    kubeConfig: options.kubeConfig,
    registry: options.manager?.registry,
    fieldOwner: 'torture-user',
  });
  const namespace = `torture-${randomBytes(4).toString('hex')}`;
  await user.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }).catch((err: unknown) => {
    throw new TortureError('scenario', `unable to create Namespace ${namespace}`, { cause: err });
  });
  let current: Generation | undefined;
  let restarting: Promise<void> | undefined;
  let restarts = 0;
  let lastActive = Date.now();
  const active = () => {
    lastActive = Date.now();
  };
  const reconciles = async (controller: string | undefined) =>
    controller === undefined || current === undefined
      ? undefined
      : (await metricSum(current.manager, 'controller_runtime_reconcile_total', { controller })) + 1;
  const writes = new WriteFaults(perturbation, () => crash(), reconciles);
  const reads = new StaleReads(
    perturbation,
    options.staleWindowMs,
    seededRandom(perturbation?.seed ?? 0),
    (info, key) => liveGet(user, info, key),
    { deliver: (info, stale, now) => current?.handlers.deliver(info, stale, now) },
    reconciles,
  );
  const missed = new MissedStates(perturbation, options.staleWindowMs, seededRandom(perturbation?.seed ?? 0));

  const start = async (): Promise<Generation> => {
    const manager = newManager({
      ...options.manager,
      kubeConfig: options.kubeConfig,
      cache: { ...options.manager?.cache, defaultNamespaces: [namespace] },
      metrics: { collectDefaultMetrics: false },
      logger: options.manager?.logger ?? noopLogger,
      gracefulShutdownTimeoutMs: options.manager?.gracefulShutdownTimeoutMs ?? STOP_GRACE_MS,
    });
    const handlers = new InformerHandlers(active, missed);
    const stop = new AbortController();
    const generation: Generation = { manager, handlers, stop, running: Promise.resolve(), crashed: false };
    const perturbed = perturbedManager(manager, { writes, reads, crashed: () => generation.crashed, active }, handlers);
    await options.setup(perturbed);
    let failure: unknown;
    generation.running = manager.start(stop.signal).catch((err: unknown) => {
      failure = err;
    });
    // elected once the cache synced, its controllers' sources started; then their informers sync
    const synced = async () => {
      await manager.elected();
      while (!manager.cache.health().every((h) => h.synced)) {
        if (stop.signal.aborted) return false;
        await sleep(20);
      }
      return true;
    };
    const led = await Promise.race([
      synced(),
      generation.running.then(() => false),
      sleep(options.stepBudgetMs).then(() => false),
    ]);
    if (!led) {
      await stopGeneration(generation);
      const why =
        failure === undefined ? `its informers did not sync within ${options.stepBudgetMs} ms` : String(failure);
      throw new TortureError('scenario', `unable to start the manager for Namespace ${namespace}: ${why}`, {
        cause: failure,
      });
    }
    return generation;
  };
  let finished = false;
  let restartError: unknown;
  const crash = () => {
    const crashed = current;
    if (finished || crashed === undefined || crashed.crashed) return;
    crashed.crashed = true;
    restarts++;
    restarting = (async () => {
      await stopGeneration(crashed);
      if (!finished) current = await start();
    })()
      .catch((err: unknown) => {
        restartError = err;
      })
      .finally(() => {
        restarting = undefined;
      });
  };
  const quiet = () =>
    waitForQuiet(
      {
        manager: () => current?.manager,
        lastActive: () => lastActive,
        busy: () => restarting !== undefined || reads.open || missed.open,
      },
      options.settleMs,
      options.stepBudgetMs,
    );

  let problem: string | undefined;
  let state: EndState | undefined;
  try {
    current = await start();
    for (const [i, step] of options.scenario.entries()) {
      problem = await runStep(user, namespace, step);
      if (problem !== undefined) break;
      const settled = await quiet();
      if (restartError !== undefined) {
        problem = `unable to restart the manager after the crash: ${String(restartError)}`;
        break;
      }
      if (!settled) {
        problem = `step ${i + 1} (${describeStep(step)}) did not become quiet within ${options.stepBudgetMs} ms`;
        break;
      }
    }
    if (problem === undefined) state = await readEndState(user, options.kinds, namespace, options.ignoreFields);
  } finally {
    finished = true;
    reads.stop();
    missed.stop();
    await restarting?.catch(() => undefined);
    if (current !== undefined) await stopGeneration(current);
    void user.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }).catch(() => undefined);
  }
  return {
    state,
    problem,
    writes: writes.trace,
    historyReads: reads.historyReads,
    updateEvents: missed.updateEvents,
    injection: writes.injection ?? reads.injection ?? missed.injection,
    restarts,
    durationMs: Date.now() - started,
  };
}

/** Stops a manager and waits for it, at most its graceful shutdown timeout and a little more. */
async function stopGeneration(generation: Generation): Promise<void> {
  generation.stop.abort();
  await Promise.race([generation.running, sleep(generation.manager.gracefulShutdownTimeoutMs + STOP_GRACE_MS)]);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

async function liveGet(user: ApiClient, info: ResourceInfo, key: ObjectKey): Promise<KubernetesObject | undefined> {
  return user.get(resourceType(info), key).catch(ignoreNotFound);
}

/** Runs one user action; returns why it failed, or undefined. */
async function runStep(user: ApiClient, namespace: string, step: ScenarioStep): Promise<string | undefined> {
  const { apiVersion, kind } = step.object;
  const given = step.action === 'apply' ? step.object : { apiVersion, kind };
  const obj = { ...given, metadata: { ...given.metadata, name: objectName(step), namespace } } as KubernetesObject;
  try {
    switch (step.action) {
      case 'apply':
        try {
          await user.create(obj);
        } catch (err) {
          if (!isAlreadyExists(err)) throw err;
          const { labels, annotations } = step.object.metadata ?? {};
          const { spec } = step.object as { spec?: unknown };
          await user.patch(obj, mergePatch({ metadata: { labels, annotations }, spec }));
        }
        return undefined;
      case 'patch':
        await user.patch(obj, mergePatch(step.patch));
        return undefined;
      case 'delete':
        await user.delete(obj, { propagationPolicy: 'Background' }).catch(ignoreNotFound);
        return undefined;
    }
  } catch (err) {
    return `unable to ${describeStep(step)} in ${namespace}: ${err instanceof Error ? err.message : String(err)}`;
  }
}

function objectName(step: ScenarioStep): string {
  return step.action === 'apply' ? (step.object.metadata?.name ?? '') : step.object.name;
}

/** `apply Widget web`, `patch Widget web`, `delete ConfigMap web-0`. */
export function describeStep(step: ScenarioStep): string {
  return `${step.action} ${step.object.kind} ${objectName(step)}`;
}
