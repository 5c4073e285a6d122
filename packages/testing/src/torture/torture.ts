/**
 * `torture(options)`: runs a controller on a real control plane through a scenario, first
 * cleanly (the reference end state), then once per chosen point of each perturbation —
 * crashes, failed writes, stale reads, missed intermediate states — and reports the first run whose end state differs
 * from the reference or breaks an invariant, with a one-line replay. After Sieve (OSDI '22).
 * @module
 */
import { diffEndStates, violations } from './end-state.js';
import { tortureGenerated } from './generated.js';
import { type EndState, type Invariant, PERTURBATION_KINDS, type TortureOptions } from './options.js';
import { type Perturbation, parseReplay, pointsOf, replayString } from './perturbation.js';
import { sample, seededRandom } from './random.js';
import { type Divergence, divergenceMessage, type TortureReport, type TortureRun } from './report.js';
import { type RunOptions, type RunOutcome, runScenario } from './run.js';
import { TortureError } from './torture-error.js';

/** The environment variable that replays one perturbed run, as `TortureOptions.replay` does. */
export const REPLAY_VAR = 'OPERANT_TORTURE_REPLAY';

/**
 * Runs `options.setup`'s controller through `options.scenario` on the control plane of
 * `options.kubeConfig` (or, with `backend: 'fake'`, on a fake client per run): once without perturbation (the reference), then under each
 * perturbation at up to `maxRunsPerPerturbation` of its points (chosen by `seed` when there
 * are more), one run at a time, each in a namespace of its own. Stops at the first divergence.
 *
 * ```ts
 * const report = await torture({
 *   kubeConfig: sharedKubeConfig(),
 *   setup: (mgr) => controllerManagedBy(mgr).for(Widget).owns(ConfigMap).complete(new WidgetReconciler(mgr.client)),
 *   scenario: [{ action: 'apply', object: widget }, { action: 'patch', object: ref, patch: { spec: { replicas: 3 } } }],
 *   kinds: [Widget, ConfigMap],
 * });
 * expect(report.divergence?.message).toBeUndefined();
 * ```
 *
 * A run diverges when its end state differs from the reference's (`Divergence.diff`: one
 * line per object only one side has, `+`/`-`, or per field that differs, `~`), breaks an
 * invariant, or never becomes quiet. Each run takes a few seconds (a manager start, the
 * steps, a settle period per step); with the defaults a run of `torture` makes at most 49
 * (the reference and 12 per perturbation).
 *
 * With `options.generate`, runs generated scenarios instead of the reference and the
 * perturbations (generated.ts): the report's `counterexample` is the first sequence of specs
 * that did not converge, shrunk.
 *
 * Rejects with a `TortureError` when it cannot judge: the reference run does not become
 * quiet, breaks an invariant, or a scenario step fails in it (`reference`); a manager does
 * not start or the namespace cannot be made (`scenario`); the replay cannot be read
 * (`invalidReplay`); with `generate`, the API server refuses a generated spec or the class has
 * no CRD (`scenario`).
 */
export async function torture(options: TortureOptions): Promise<TortureReport> {
  const started = Date.now();
  const o: RunOptions = {
    ...options,
    settleMs: options.settleMs ?? 500,
    stepBudgetMs: options.stepBudgetMs ?? 30_000,
    staleWindowMs: options.staleWindowMs ?? 1_500,
    ignoreFields: options.ignoreFields ?? [],
  };
  const replay = options.replay ?? (process.env[REPLAY_VAR] || undefined);
  if (options.generate !== undefined) return tortureGenerated(o, options.generate, replay);
  const chosen = replay === undefined ? undefined : parseReplay(replay);
  options.logger?.info('torture: the reference run');
  const reference = await runScenario(o, undefined);
  if (reference.state === undefined) {
    throw new TortureError('reference', `unable to make the reference run: ${reference.problem}`);
  }
  const broken = violations(options.invariants ?? [], reference.state);
  if (broken.length > 0) {
    throw new TortureError('reference', `unable to use the reference run: it breaks ${broken.join('; ')}`);
  }
  const runs: TortureRun[] = [summary('reference', reference, false)];
  const planned = chosen === undefined ? plan(options, reference) : [chosen];
  const progress = () => options.onRun?.(runs.at(-1) as TortureRun, { done: runs.length, planned: planned.length + 1 });
  progress();
  for (const perturbation of planned) {
    if (options.signal?.aborted) break;
    const name = replayString(perturbation);
    options.logger?.info(`torture: ${name}`);
    const outcome = await runScenario(o, perturbation);
    const divergence = judge(perturbation, reference.state, outcome, options.invariants ?? []);
    runs.push(summary(name, outcome, divergence !== undefined));
    progress();
    if (divergence !== undefined) {
      return { runs, reference: reference.state, divergence, durationMs: Date.now() - started };
    }
  }
  return { runs, reference: reference.state, divergence: undefined, durationMs: Date.now() - started };
}

/** The perturbed runs: per perturbation, its points in the reference run, sampled by the seed. */
function plan(options: TortureOptions, reference: RunOutcome): Perturbation[] {
  const seed = options.seed ?? 1;
  const max = options.maxRunsPerPerturbation ?? 12;
  return (options.perturbations ?? PERTURBATION_KINDS).flatMap((kind, i) =>
    sample(pointsOf(kind, reference), max, seededRandom(seed + i)).map((point) => ({
      kind,
      seed,
      point,
    })),
  );
}

function judge(
  perturbation: Perturbation,
  reference: EndState,
  outcome: RunOutcome,
  invariants: readonly Invariant[],
): Divergence | undefined {
  const diff = outcome.state === undefined ? [] : diffEndStates(reference, outcome.state);
  const broken = outcome.state === undefined ? [] : violations(invariants, outcome.state);
  if (outcome.problem === undefined && diff.length === 0 && broken.length === 0) return undefined;
  const d = {
    perturbation,
    replay: replayString(perturbation),
    injection: outcome.injection,
    diff,
    violations: broken,
    problem: outcome.problem,
    reference,
    state: outcome.state,
  };
  return { ...d, message: divergenceMessage(d) };
}

function summary(name: string, outcome: RunOutcome, diverged: boolean): TortureRun {
  return { name, injection: outcome.injection, restarts: outcome.restarts, durationMs: outcome.durationMs, diverged };
}
