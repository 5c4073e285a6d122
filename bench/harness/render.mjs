/**
 * Re-renders `report.md` and the SVG charts from a `results.json`, without running anything:
 * `node bench/harness/render.mjs bench/results/<date>/results.json [--no-charts]`.
 * @module
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeCharts } from './charts.mjs';
import { writeReport } from './report.mjs';

const file = process.argv[2];
const dir = dirname(file);
const results = JSON.parse(readFileSync(file, 'utf8'));
const charts = process.argv.includes('--no-charts') ? [] : await writeCharts(dir, results);
writeReport(dir, results, charts);
process.stderr.write(`wrote ${join(dir, 'report.md')}${charts.map((c) => `, ${c.file}`).join('')}\n`);
