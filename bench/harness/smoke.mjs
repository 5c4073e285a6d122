/**
 * CI smoke (`pnpm bench:smoke`): the smoke profile (Operant builder vs the floor, tiny N,
 * every scenario) into a temporary folder, then checks that the harness produced a complete
 * `results.json` and `report.md`. No timing is asserted: only that every (scenario, peer)
 * ran, converged, lost nothing, and carries its metrics.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = mkdtempSync(join(os.tmpdir(), 'operant-bench-smoke-'));
const run = fileURLToPath(new URL('run.mjs', import.meta.url));
execFileSync(process.execPath, [run, '--smoke', '--no-charts', '--out', out], { stdio: 'inherit' });

const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
const report = readFileSync(join(out, 'report.md'), 'utf8');
const required = {
  S1: ['seconds', 'requestsPerReconcile', 'peakRssBytes'],
  S2: ['seconds', 'e2eP99Ms', 'requestsPerReconcile', 'reconcilesPerObject', 'cpuSecondsPer1k'],
  S3: ['p50Ms', 'p99Ms'],
  S4: ['rssPerObject', 'heapPerObject'],
  S6: ['seconds', 'cpuSecondsPer1k'],
  S7: ['firstMs'],
};
const problems = [];
for (const peer of ['floor', 'operant-builder']) {
  if (!results.peers[peer]?.ok) problems.push(`${peer} was not prepared: ${results.peers[peer]?.reason}`);
  for (const [sid, keys] of Object.entries(required)) {
    const r = results.runs.find((x) => x.scenario === sid && x.peer === peer);
    if (r === undefined) problems.push(`${sid} ${peer}: no run`);
    else if (r.error) problems.push(`${sid} ${peer}: ${r.error}`);
    else {
      if (!r.metrics.ok) problems.push(`${sid} ${peer}: not ok ${JSON.stringify(r.metrics.verify ?? {})}`);
      for (const k of keys) if (!Number.isFinite(r.metrics[k])) problems.push(`${sid} ${peer}: ${k} missing`);
    }
  }
}
for (const heading of ['## Host', '## Versions', '### S1', '### S2', '### S3', '### S4', '### S7']) {
  if (!report.includes(heading)) problems.push(`report.md lacks "${heading}"`);
}
if (problems.length > 0) {
  process.stderr.write(`bench smoke FAILED (output kept in ${out}):\n- ${problems.join('\n- ')}\n`);
  process.exit(1);
}
rmSync(out, { recursive: true, force: true });
process.stderr.write(`bench smoke: ${results.runs.length} runs complete, results.json and report.md complete\n`);
