/**
 * The table `operant torture` ends with: per perturbation (and the reference run) how many
 * runs it made, how many diverged and how long they took, then the total.
 * @module
 */
import { type FinishedRun, seconds } from './progress.js';

interface Row {
  perturbation: string;
  runs: number;
  divergences: number;
  ms: number;
}

/** The runs grouped by perturbation (the part of a replay before its first `:`; `generated` for `generated 3`), in the order they ran. */
export function summaryRows(runs: readonly FinishedRun[]): Row[] {
  const rows = new Map<string, Row>();
  for (const run of runs) {
    const perturbation = run.name.split(/[: ]/)[0] ?? run.name;
    const row = rows.get(perturbation) ?? { perturbation, runs: 0, divergences: 0, ms: 0 };
    rows.set(perturbation, {
      ...row,
      runs: row.runs + 1,
      divergences: row.divergences + (run.diverged ? 1 : 0),
      ms: row.ms + run.durationMs,
    });
  }
  return [...rows.values()];
}

export function summaryTable(runs: readonly FinishedRun[]): string {
  const rows = summaryRows(runs);
  const total: Row = { perturbation: 'total', runs: 0, divergences: 0, ms: 0 };
  for (const r of rows) {
    total.runs += r.runs;
    total.divergences += r.divergences;
    total.ms += r.ms;
  }
  const cells = [['perturbation', 'runs', 'divergences', 'time'], ...[...rows, total].map(cellsOf)];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...cells.map((c) => (c[i] ?? '').length)));
  return cells
    .map((c) => c.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '))
    .map((line) => `${line}\n`)
    .join('');
}

const cellsOf = (r: Row) => [r.perturbation, String(r.runs), String(r.divergences), seconds(r.ms)];
