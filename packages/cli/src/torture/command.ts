/**
 * `operant torture <entry> [--scenario file] [--seed n] [--budget 5m] [--replay r]
 * [--kubeconfig file | --crds path...]`: runs `@operant/testing/torture` for CI. The entry
 * default-exports the options of `torture()` without `kubeConfig`; the command starts an
 * envtest (or uses `--kubeconfig`), shows the runs as they finish (progress.ts), and ends
 * with a table per perturbation (summary.ts) and, on a divergence (with generated scenarios,
 * a counterexample), the report and the command that replays it. Exit code 0 when every run
 * matched the reference, 1 on a divergence or counterexample, 2 when it cannot judge (the
 * entry does not load, the control plane does not start, the reference run fails, or no
 * perturbed run was made: the budget ran out first, or the reference offered no point to
 * perturb).
 * @module
 */
import type { torture } from '@operant/testing/torture';
import { Command } from 'commander';
import { type CommandIo, processIo } from '../io.js';
import { parseTortureArgs, type TortureArgs, type TortureFlags } from './arguments.js';
import { importTesting, openControlPlane } from './control-plane.js';
import { loadTortureOptions } from './load-options.js';
import { runProgress } from './progress.js';
import { summaryTable } from './summary.js';

type TortureReport = Awaited<ReturnType<typeof torture>>;

/** What the command's exit code means. */
export const EXIT = { survived: 0, diverged: 1, cannotJudge: 2 } as const;

/** Runs the torture test of `args.entry`; resolves with the exit code. Never throws: a failure is exit 2. */
export async function runTorture(
  args: TortureArgs,
  io: CommandIo = processIo,
  tty: NodeJS.WriteStream | undefined = process.stderr,
): Promise<number> {
  const budget = new AbortController();
  const timer = args.budget && setTimeout(() => budget.abort(), args.budget.ms);
  try {
    const report = await tortureEntry(args, budget.signal, io, tty);
    return conclude(args, report.report, report.planned, budget.signal.aborted, io);
  } catch (err) {
    io.stderr(`operant torture: cannot judge: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT.cannotJudge;
  } finally {
    clearTimeout(timer);
  }
}

async function tortureEntry(
  args: TortureArgs,
  signal: AbortSignal,
  io: CommandIo,
  tty: NodeJS.WriteStream | undefined,
): Promise<{ report: TortureReport; planned: number }> {
  const options = await loadTortureOptions(args.entry, args.scenarioFile);
  const testing = await importTesting(() => import('@operant/testing/torture'));
  const plane = await openControlPlane(args.kubeconfig, args.crdPaths);
  const progress = runProgress(io, tty);
  let planned = 0;
  const what = options.generate === undefined ? 'the reference run, then the perturbed runs' : 'generated scenarios';
  io.stderr(`operant torture: ${args.entry} on ${plane.description}: ${what}\n`);
  try {
    const report = await testing.torture({
      ...options,
      kubeConfig: plane.kubeConfig,
      seed: args.seed ?? options.seed,
      replay: args.replay ?? options.replay,
      signal,
      onRun: (run, p) => {
        planned = p.planned;
        progress.onRun(run, p);
        options.onRun?.(run, p);
      },
    });
    return { report, planned };
  } finally {
    progress.stop();
    // a control plane that does not stop cleanly changes no verdict
    await plane
      .stop()
      .catch((err: unknown) => io.stderr(`operant torture: unable to stop ${plane.description}: ${err}\n`));
  }
}

/** Prints the table, the budget's note and the divergence, or why it cannot judge; returns the exit code. */
export function conclude(
  args: TortureArgs,
  report: TortureReport,
  planned: number,
  budgetSpent: boolean,
  io: CommandIo,
): number {
  io.stdout(summaryTable(report.runs));
  const cut = budgetSpent && report.divergence === undefined && report.runs.length < planned;
  if (cut) {
    io.stdout(
      `the budget of ${args.budget?.text} was spent: ${report.runs.length} of ${planned} runs made, no new run started\n`,
    );
  }
  const found = report.divergence ?? report.counterexample;
  if (found !== undefined) {
    io.stdout(`\n${found.message}\n\nreplay: ${replayCommand(args, found.replay)}\n`);
    return EXIT.diverged;
  }
  // generated scenarios have no reference run, and one sequence is a whole judgement
  const generated = report.runs[0]?.name !== 'reference';
  if (!generated && report.runs.length === 1) {
    const why =
      planned > 1 ? 'the budget was spent before any perturbed run' : 'the reference run offered no point to perturb';
    io.stderr(`operant torture: cannot judge: ${why}\n`);
    return EXIT.cannotJudge;
  }
  io.stdout(
    generated
      ? 'no counterexample: every generated sequence converged\n'
      : 'no divergence: every perturbed run ended as the reference did\n',
  );
  return EXIT.survived;
}

/** The one-line command that replays `replay` with the same entry, scenario and cluster. */
export function replayCommand(args: TortureArgs, replay: string): string {
  const words = ['operant', 'torture', args.entry];
  if (args.scenarioFile !== undefined) words.push('--scenario', args.scenarioFile);
  if (args.kubeconfig !== undefined) words.push('--kubeconfig', args.kubeconfig);
  for (const path of args.kubeconfig === undefined ? args.crdPaths : []) words.push('--crds', path);
  words.push('--replay', replay);
  return words.map(shellWord).join(' ');
}

const shellWord = (word: string) => (/^[\w./:@=,+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

// a command line commander refuses (an unknown flag, a missing entry) exits 2, "cannot judge",
// not commander's 1, which would read as a divergence; help stays 0
export function tortureCommand(): Command {
  return new Command('torture')
    .description(
      'run a controller through a scenario under crashes, failed writes, stale reads and missed states (@operant/testing/torture)',
    )
    .argument('<entry>', 'a module whose default export is the options of torture() without kubeConfig')
    .option('--scenario <file>', "a YAML or JSON list of scenario steps, in place of the entry's")
    .option('--seed <n>', 'the seed that samples the points and the windows (default: the entry’s, else 1)')
    .option('--budget <duration>', 'start no new run once this wall-clock time is spent (90s, 5m, 1h30m)')
    .option('--replay <replay>', 'run the reference, then only this perturbed run (crash:1:after-3)')
    .option('--kubeconfig <path>', 'run on this cluster (CRDs installed) instead of an envtest of its own')
    .option('--crds <path...>', 'CRD files or folders to install in the envtest (default: config/crd/bases)')
    .addHelpText(
      'after',
      '\nExit code: 0 when every run ended as the reference did, 1 on a divergence, 2 when it cannot judge.',
    )
    .exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : EXIT.cannotJudge))
    .action(async (entry: string, flags: TortureFlags) => {
      let args: TortureArgs;
      try {
        args = parseTortureArgs(entry, flags);
      } catch (err) {
        processIo.stderr(`operant torture: ${(err as Error).message}\n`);
        process.exitCode = EXIT.cannotJudge;
        return;
      }
      process.exitCode = await runTorture(args);
    });
}
