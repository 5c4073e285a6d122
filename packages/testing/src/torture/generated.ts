/**
 * Generated scenarios (`TortureOptions.generate`), after Acto (SOSP '23): fast-check draws
 * sequences of specs from the CRD's schema, each runs cleanly after the user's `scenario`,
 * and after each of its steps the controller must converge — become quiet, with no key in an
 * error loop or a hot loop, the object showing it caught up (`converged`), and gone once
 * deleted. The first sequence that does not is shrunk by fast-check to a minimal one, and
 * reported with its replay, `generated:<seed>:<path>` (fast-check's seed and path).
 * @module
 */
import { type Client, ignoreNotFound, type KubernetesObject } from '@operant/core';
import fc from 'fast-check';
import { violations } from './end-state.js';
import { describeSequence, type GeneratedSequence, sequenceArbitrary, sequenceSteps } from './generated-sequence.js';
import type { GenerateOptions, ObjectRef, ScenarioStep } from './options.js';
import { type Counterexample, counterexampleMessage, type TortureReport, type TortureRun } from './report.js';
import type { RunOptions } from './run.js';
import { runScenario } from './run.js';
import type { SchemaNode } from './spec-arbitrary.js';
import { TortureError } from './torture-error.js';

const REPLAY_PREFIX = 'generated:';

/** Runs generated sequences of `generate.for` on the controller of `options` (see the module doc). */
export async function tortureGenerated(
  options: RunOptions,
  generate: GenerateOptions,
  replay: string | undefined,
): Promise<TortureReport> {
  const started = Date.now();
  const replayed = replay === undefined ? undefined : parseGeneratedReplay(replay);
  const { ref, specSchema } = await schemaOf(generate);
  const arbitrary = sequenceArbitrary(specSchema, generate.maxSpecs ?? 4, generate.delete ?? true);
  const runs: TortureRun[] = [];
  const problems = new Map<string, string>();
  let fatal: TortureError | undefined;
  const property = fc.asyncProperty(arbitrary, async (sequence) => {
    if (fatal !== undefined) throw fatal;
    // a replay's path starts at the counterexample; what fast-check would try after it is not the replay
    if (replayed !== undefined && runs.length > 0) return true;
    // out of budget: no new sequence runs (while shrinking, the smallest failing one so far stays)
    if (options.signal?.aborted) return true;
    const name = `generated ${runs.length + 1}`;
    options.logger?.info(`torture: ${name}: ${describeSequence(sequence, ref).join('; ')}`);
    const problem = await runSequence(options, generate, ref, sequence).catch((err: unknown) => {
      fatal = TortureError.is(err) ? err : new TortureError('scenario', `unable to run ${name}`, { cause: err });
      throw fatal;
    });
    const run = { name, injection: undefined, restarts: 0, durationMs: problem.durationMs, diverged: !!problem.text };
    runs.push(run);
    // shrinking runs more than `runs` sequences: the plan grows with it
    options.onRun?.(run, { done: runs.length, planned: Math.max(runs.length, generate.runs ?? 8) });
    if (problem.refused) {
      fatal = new TortureError(
        'scenario',
        `unable to run ${name}: the API server refused a step (a generated spec it refuses is the generator's fault): ${problem.text}`,
      );
      throw fatal;
    }
    if (problem.text !== undefined) problems.set(JSON.stringify(sequence), problem.text);
    return problem.text === undefined;
  });
  const seed = options.seed ?? 1;
  const details = await fc.check(property, {
    seed: replayed?.seed ?? seed,
    numRuns: generate.runs ?? 8,
    ...(replayed === undefined ? {} : { path: replayed.path, endOnFailure: true }),
  });
  if (fatal !== undefined) throw fatal;
  const counterexample = counterexampleOf(details, ref, problems);
  return { runs, reference: {}, divergence: undefined, counterexample, durationMs: Date.now() - started };
}

/** The shrunk counterexample of a failed check, with the problem its run had; undefined when the check passed. */
function counterexampleOf(
  details: fc.RunDetails<[GeneratedSequence]>,
  ref: ObjectRef,
  problems: ReadonlyMap<string, string>,
): Counterexample | undefined {
  const [sequence] = details.counterexample ?? [];
  if (!details.failed || sequence === undefined) return undefined;
  const c = {
    seed: details.seed,
    replay: `${REPLAY_PREFIX}${details.seed}:${details.counterexamplePath ?? ''}`,
    sequence: describeSequence(sequence, ref),
    steps: sequenceSteps(sequence, ref),
    problem: problems.get(JSON.stringify(sequence)) ?? String(details.errorInstance),
    runs: details.numRuns,
    shrinks: details.numShrinks,
  };
  return { ...c, message: counterexampleMessage(c) };
}

/** The object the sequences make, and the schema of its spec, from the class's CRD. */
async function schemaOf(generate: GenerateOptions): Promise<{ ref: ObjectRef; specSchema: SchemaNode }> {
  const { buildCrd } = await import('@operant/crd/schema');
  const type = generate.for as unknown as Parameters<typeof buildCrd>[0];
  let crd: ReturnType<typeof buildCrd>;
  try {
    crd = buildCrd(type);
  } catch (err) {
    const name = typeof type === 'function' ? type.name : 'the kind';
    throw new TortureError('scenario', `unable to generate specs of ${name}: it is not a @CustomResource class`, {
      cause: err,
    });
  }
  const version = crd.spec.versions.find((v) => v.storage) ?? crd.spec.versions[0];
  const specSchema = version?.schema?.openAPIV3Schema?.properties?.spec as SchemaNode | undefined;
  if (version === undefined || specSchema === undefined) {
    throw new TortureError('scenario', `unable to generate specs of ${crd.spec.names.kind}: its schema has no spec`);
  }
  const apiVersion = `${crd.spec.group}/${version.name}`;
  return { ref: { apiVersion, kind: crd.spec.names.kind, name: generate.name ?? 'generated' }, specSchema };
}

interface SequenceOutcome {
  text: string | undefined;
  refused: boolean;
  durationMs: number;
}

/** Runs the user's scenario and then `sequence`, cleanly; what went wrong, if anything. */
async function runSequence(
  options: RunOptions,
  generate: GenerateOptions,
  ref: ObjectRef,
  sequence: GeneratedSequence,
): Promise<SequenceOutcome> {
  const scenario = [...options.scenario, ...sequenceSteps(sequence, ref)];
  const afterStep = (user: Client, step: ScenarioStep, result: { object: KubernetesObject; deleted: boolean }) =>
    isRef(step, ref) ? convergence(user, generate, ref, result.object, result.deleted) : Promise.resolve(undefined);
  const outcome = await runScenario({ ...options, scenario, afterStep }, undefined);
  const broken = outcome.state === undefined ? [] : violations(options.invariants ?? [], outcome.state);
  const text = outcome.problem ?? (broken.length === 0 ? undefined : `the end state breaks ${broken.join('; ')}`);
  return { text, refused: outcome.refused, durationMs: outcome.durationMs };
}

const isRef = (step: ScenarioStep, ref: ObjectRef) =>
  step.object.kind === ref.kind &&
  (step.action === 'apply' ? step.object.metadata?.name : step.object.name) === ref.name;

/** What is wrong with the object once its step is quiet: not caught up with its spec, or not gone once deleted. */
async function convergence(
  user: Client,
  generate: GenerateOptions,
  ref: ObjectRef,
  stepped: KubernetesObject,
  deleted: boolean,
): Promise<string | undefined> {
  const key = { namespace: stepped.metadata?.namespace, name: ref.name };
  const object = await user.get(generate.for, key).catch(ignoreNotFound);
  const where = `${ref.kind} ${key.namespace}/${ref.name}`;
  if (deleted) {
    return object === undefined
      ? undefined
      : `${where} is still there after its delete (finalizers: ${JSON.stringify(object.metadata?.finalizers ?? [])})`;
  }
  if (object === undefined) return `${where} is gone, though no step deleted it`;
  if (generate.converged === undefined || generate.converged(object)) return undefined;
  const { spec, status } = object as KubernetesObject & { spec?: unknown; status?: unknown };
  return `${where} has not converged: status ${JSON.stringify(status ?? {})} for spec ${JSON.stringify(spec ?? {})}`;
}

/** Reads `generated:<seed>:<path>`; throws a `TortureError` naming what is wrong with it. */
export function parseGeneratedReplay(replay: string): { seed: number; path: string } {
  const match = /^generated:(-?[0-9]+):([0-9]+(?::[0-9]+)*)$/.exec(replay.trim());
  if (match === null) {
    throw new TortureError(
      'invalidReplay',
      `unable to read the replay "${replay}": with generate, expected generated:<seed>:<path> (a counterexample's replay)`,
    );
  }
  return { seed: Number(match[1]), path: match[2] as string };
}
