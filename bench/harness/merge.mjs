/**
 * Adds the runs of further passes to a results.json (more repetitions, or a peer run again):
 * `node bench/harness/merge.mjs main/results.json extra/results.json [--drop peer:S1]`.
 * Repetitions of an extra pass are renumbered after the main's; `--drop peer:scenario`
 * removes the main's runs of that pair first (for a pair that was rerun). Then re-render
 * with render.mjs.
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { thin } from './loadgen.mjs';

const [mainFile, ...rest] = process.argv.slice(2);
const drops = [];
const extras = [];
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === '--drop') drops.push(rest[++i]);
  else extras.push(rest[i]);
}
const main = JSON.parse(readFileSync(mainFile, 'utf8'));
main.runs = main.runs.filter((r) => !drops.includes(`${r.peer}:${r.scenario}`));
main.passes = [{ startedAt: main.startedAt, finishedAt: main.finishedAt }];
for (const file of extras) {
  const extra = JSON.parse(readFileSync(file, 'utf8'));
  const offset = Math.max(-1, ...main.runs.map((r) => r.rep)) + 1;
  for (const r of extra.runs) {
    const taken = main.runs.some((m) => m.peer === r.peer && m.scenario === r.scenario);
    main.runs.push({ ...r, rep: taken ? r.rep + offset : r.rep, pass: file });
  }
  for (const [id, p] of Object.entries(extra.peers)) main.peers[id] ??= p;
  main.passes.push({ file, startedAt: extra.startedAt, finishedAt: extra.finishedAt });
  main.finishedAt = extra.finishedAt;
}
for (const r of main.runs) if (r.metrics?.timeline) r.metrics.timeline = thin(r.metrics.timeline);
writeFileSync(mainFile, `${JSON.stringify(main, null, 2)}\n`);
process.stderr.write(`merged ${extras.length} pass(es) into ${mainFile}: ${main.runs.length} runs\n`);
