/**
 * A perturbation of one run: its kind, its seed and its point, and the replay string that
 * names it (`crash:1:after-3`). Points count from the start of the run, across restarts:
 *
 * - `crash`: `after-N` stops the manager right after the Nth write of the run succeeded,
 *   `before-N` right before the Nth write when it is a status write; a new manager starts.
 * - `writeFailure`: `N-<failure>` fails the Nth write with `conflict` (409; on an update,
 *   patch or apply only), `unavailable` (a transport error before the request reached the
 *   API server), `lostResponse` (a transport error after the API server applied the write) or
 *   `tooManyRequests` (429).
 * - `staleRead`: `Kind/name@G#N` makes the Nth read of that object at generation G (`@gone`:
 *   after its delete) the start of a stale window: for a while the cache serves the object as
 *   it was before its current generation (absent if it had none; still present after a
 *   delete), then the update the lagging watch held back is delivered.
 * - `missedState`: `Kind/name#N` holds back the update events of that object from its Nth on
 *   for a while, then delivers them as one update (from the first state to the last).
 *
 * Reads and update events are named by their object rather than counted over the run, so
 * that a replay finds its point even when the controller reconciles a little differently.
 *
 * The seed chooses which points run when there are more than the budget, and the length of
 * the windows of stale reads and missed states.
 * @module
 */
import { PERTURBATION_KINDS, type PerturbationKind } from './options.js';
import { TortureError } from './torture-error.js';

export interface Perturbation {
  kind: PerturbationKind;
  seed: number;
  point: string;
}

/** `crash:1:after-3`: what `TortureOptions.replay` takes. */
export function replayString(p: Perturbation): string {
  return `${p.kind}:${p.seed}:${p.point}`;
}

const points: Record<PerturbationKind, RegExp> = {
  crash: /^(after|before)-[1-9][0-9]*$/,
  writeFailure: /^[1-9][0-9]*-(conflict|unavailable|lostResponse|tooManyRequests)$/,
  staleRead: /^[A-Za-z0-9]+\/[a-z0-9.-]+@([0-9]+|gone)#[1-9][0-9]*$/,
  missedState: /^[A-Za-z0-9]+\/[a-z0-9.-]+#[1-9][0-9]*$/,
};

/** Reads a replay string; throws a `TortureError` naming what is wrong with it. */
export function parseReplay(replay: string): Perturbation {
  const [kind, seed, point, ...rest] = replay.trim().split(':');
  const known = PERTURBATION_KINDS.find((k) => k === kind);
  if (known === undefined || seed === undefined || point === undefined || rest.length > 0) {
    throw new TortureError(
      'invalidReplay',
      `unable to read the replay "${replay}": expected <perturbation>:<seed>:<point> with a perturbation of ${PERTURBATION_KINDS.join(', ')}`,
    );
  }
  if (!/^[0-9]+$/.test(seed))
    throw new TortureError('invalidReplay', `unable to read the replay "${replay}": the seed is not a number`);
  if (!points[known].test(point)) {
    throw new TortureError(
      'invalidReplay',
      `unable to read the replay "${replay}": "${point}" is not a point of ${known}`,
    );
  }
  return { kind: known, seed: Number(seed), point };
}

/** How a write can fail: `conflict` only where a 409 means a conflict (not "already exists"). */
export type WriteFailure = 'conflict' | 'unavailable' | 'lostResponse' | 'tooManyRequests';

export function failuresOf(verb: string): WriteFailure[] {
  const always: WriteFailure[] = ['unavailable', 'lostResponse', 'tooManyRequests'];
  return verb === 'update' || verb === 'patch' || verb === 'apply' ? ['conflict', ...always] : always;
}

/** One write of a run, as the trace of the reference run enumerates them. */
export interface TracedWrite {
  /** 1-based, across the whole run. */
  index: number;
  verb: string;
  status: boolean;
}

/** What a run did that perturbations hook into: its writes, its reads of objects with a history, its update events. */
export interface RunTrace {
  writes: readonly TracedWrite[];
  staleReads: readonly string[];
  updateEvents: readonly string[];
}

/** Every point of `kind` that a run with this trace offers. */
export function pointsOf(kind: PerturbationKind, trace: RunTrace): string[] {
  switch (kind) {
    case 'crash':
      return trace.writes.flatMap((w) => [...(w.status ? [`before-${w.index}`] : []), `after-${w.index}`]);
    case 'writeFailure':
      return trace.writes.flatMap((w) => failuresOf(w.verb).map((f) => `${w.index}-${f}`));
    case 'staleRead':
      return [...trace.staleReads];
    case 'missedState':
      return [...trace.updateEvents];
  }
}
