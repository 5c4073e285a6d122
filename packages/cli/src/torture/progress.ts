/**
 * What `operant torture` shows while runs proceed, on stderr: on a terminal a progress bar
 * (cli-progress) with the runs done, the planned ones, the divergences and the last run; on
 * anything else (a CI log) one line per run, `[2/9] crash:1:after-3  ok  2.9 s`; a perturbed
 * run that never reached its point says so.
 * @module
 */
import { Presets, SingleBar } from 'cli-progress';
import type { CommandIo } from '../io.js';

/** A run as `torture`'s `onRun` hands it over. */
export interface FinishedRun {
  name: string;
  durationMs: number;
  diverged: boolean;
  /** Undefined for the reference, and for a perturbed run that never reached its point. */
  injection: { what: string; on: string } | undefined;
}

export interface RunProgress {
  onRun(run: FinishedRun, progress: { done: number; planned: number }): void;
  /** Removes the bar, if any, before the summary prints. */
  stop(): void;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `ok`, `diverged`, or `ok (point not reached)`: a perturbed run whose controller never came to its point tested nothing. */
function outcome(run: FinishedRun): string {
  if (run.diverged) return 'diverged';
  return run.name !== 'reference' && run.injection === undefined ? 'ok (point not reached)' : 'ok';
}

/** One line per run: for logs, where a bar would print a line per redraw. */
export function lineProgress(io: CommandIo): RunProgress {
  return {
    onRun: (run, { done, planned }) => {
      io.stderr(`[${done}/${planned}] ${run.name}  ${outcome(run)}  ${seconds(run.durationMs)}\n`);
    },
    stop: () => {},
  };
}

/** A bar redrawn in place on `stream`, a terminal. */
export function barProgress(stream: NodeJS.WriteStream): RunProgress {
  const bar = new SingleBar(
    {
      stream,
      format: 'runs {bar} {value}/{total} | divergences {divergences} | {last} | {duration_formatted}',
      hideCursor: true,
      clearOnComplete: true,
    },
    Presets.shades_classic,
  );
  let divergences = 0;
  let started = false;
  return {
    onRun: (run, { done, planned }) => {
      if (run.diverged) divergences++;
      const payload = { divergences, last: `${run.name} ${outcome(run)}` };
      if (!started) bar.start(planned, done, payload);
      else bar.update(done, payload);
      started = true;
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}

/** The bar on a terminal, lines elsewhere. */
export function runProgress(io: CommandIo, stream: NodeJS.WriteStream | undefined): RunProgress {
  return stream?.isTTY ? barProgress(stream) : lineProgress(io);
}
