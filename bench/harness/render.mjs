/**
 * Re-renders `report.md` (and the charts) from a `results.json`, without running anything:
 * `node bench/harness/render.mjs bench/results/<date>/results.json`.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeReport } from './report.mjs';

const file = process.argv[2];
const dir = dirname(file);
const results = JSON.parse(readFileSync(file, 'utf8'));
let charts = [];
try {
  const python = join(os.homedir(), '.cache/operant/bench/venv/bin/python');
  const script = fileURLToPath(new URL('charts.py', import.meta.url));
  charts = execFileSync(python, [script, file, dir], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
} catch (err) {
  process.stderr.write(`charts skipped: ${String(err.message).split('\n')[0]}\n`);
}
writeReport(dir, results, charts);
process.stderr.write(`wrote ${join(dir, 'report.md')}\n`);
