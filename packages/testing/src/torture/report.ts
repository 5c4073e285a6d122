/**
 * What `torture` reports: every run it made, and the first divergence — the perturbation and
 * its replay, where it was injected, the difference of the end states from the reference
 * run's, the invariants broken — with `message`, the whole of it as readable text; with
 * generated scenarios, the shrunk sequence that did not converge (`Counterexample`).
 * @module
 */
import type { EndState, ScenarioStep } from './options.js';
import type { Perturbation } from './perturbation.js';
import type { Injection } from './write-faults.js';

export type { Injection } from './write-faults.js';

/** One run `torture` made. */
export interface TortureRun {
  /** `reference` for the clean run, else the replay string of its perturbation (`crash:1:after-3`). */
  name: string;
  /** Where the perturbation was injected; undefined for the reference, or when the run never reached its point. */
  injection: Injection | undefined;
  /** How many times the manager was restarted (crashes). */
  restarts: number;
  durationMs: number;
  /** Whether its end state differed from the reference's or broke an invariant. */
  diverged: boolean;
}

/** The first perturbed run whose end state differed from the reference's or broke an invariant. */
export interface Divergence {
  perturbation: Perturbation;
  /** What `TortureOptions.replay` (or `OPERANT_TORTURE_REPLAY`) takes to run it again: `crash:1:after-3`. */
  replay: string;
  injection: Injection | undefined;
  /** One line per difference from the reference end state (`+`, `-`, `~`; see `diffEndStates`). */
  diff: readonly string[];
  /** The invariants the end state broke, with what each said. */
  violations: readonly string[];
  /** Why the run has no end state (it never became quiet, or a step failed), if so. */
  problem: string | undefined;
  reference: EndState;
  state: EndState | undefined;
  /** All of the above as text, ending with the replay. */
  message: string;
}

/** The first generated sequence that did not converge (`TortureOptions.generate`), shrunk. */
export interface Counterexample {
  /** fast-check's seed (`TortureOptions.seed`). */
  seed: number;
  /** What `TortureOptions.replay` (or `OPERANT_TORTURE_REPLAY`) takes to run the shrunk sequence again: `generated:1:2:0:0`. */
  replay: string;
  /** The shrunk sequence, a line per step: `1. create Widget generated with spec {"replicas":0}`. */
  sequence: readonly string[];
  /** The steps that run it (after `TortureOptions.scenario`'s). */
  steps: readonly ScenarioStep[];
  /** Which step did not converge, and why. */
  problem: string;
  /** Sequences run until one failed, and the smaller failing ones shrinking found after it. */
  runs: number;
  shrinks: number;
  /** All of the above as text, ending with the replay. */
  message: string;
}

export interface TortureReport {
  /** The reference run first, then the perturbed runs in the order they ran; with `generate`, every sequence run. */
  runs: readonly TortureRun[];
  /** The reference end state; empty with `generate`, which has no reference run. */
  reference: EndState;
  /** The first divergence; `torture` stops there. Undefined when every run matched. */
  divergence: Divergence | undefined;
  /** With `generate`: the first sequence that did not converge, shrunk; undefined when all did. */
  counterexample?: Counterexample;
  durationMs: number;
}

export function counterexampleMessage(c: Omit<Counterexample, 'message'>): string {
  return [
    `a generated sequence did not converge (${c.runs} sequences, then ${c.shrinks} shrinks; seed ${c.seed})`,
    '  the shrunk sequence:',
    ...c.sequence.map((l) => `    ${l}`),
    `  ${c.problem}`,
    `  replay: torture({ ...options, replay: '${c.replay}' }) or OPERANT_TORTURE_REPLAY=${c.replay}`,
  ].join('\n');
}

export function divergenceMessage(d: Omit<Divergence, 'message'>): string {
  const lines = [`the end state diverged under ${d.replay}`];
  if (d.injection !== undefined) {
    const where =
      d.injection.controller === undefined
        ? ''
        : ` (controller ${d.injection.controller}, reconcile ${d.injection.reconcile ?? '?'})`;
    lines.push(`  injected: ${d.injection.what} on ${d.injection.on}${where}`);
  } else {
    lines.push('  injected: nothing (the run did not reach the point)');
  }
  if (d.problem !== undefined) lines.push(`  the run did not finish: ${d.problem}`);
  if (d.diff.length > 0) lines.push('  differences from the reference end state:', ...d.diff.map((l) => `    ${l}`));
  if (d.violations.length > 0) lines.push('  invariants broken:', ...d.violations.map((l) => `    ${l}`));
  lines.push(`  replay: torture({ ...options, replay: '${d.replay}' }) or OPERANT_TORTURE_REPLAY=${d.replay}`);
  return lines.join('\n');
}
