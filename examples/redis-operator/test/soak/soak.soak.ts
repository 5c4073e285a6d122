/**
 * The soak (`pnpm soak [--minutes N]`, default 30): the Redis operator as a process of its
 * own under steady churn (about one create, update or delete a second, ~20 clusters live)
 * with a kube-apiserver restart every few minutes. The operator samples itself every 10 s
 * (RSS and heap after a full GC, event-loop lag, open handles). It fails on a leak (see
 * leak.ts) or when the clusters do not converge at the end; it writes report.md,
 * samples.json and memory.png to $SOAK_REPORT_DIR (default soak-report/ at the root).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { ApiClient } from '@operant/core/client';
import { eventually } from '@operant/testing';
import { describeOrSkip, useControlPlane } from '@operant/testing/jest';
import { Fleet } from '../faults/fixtures/fleet.js';
import { type OperatorProcess, spawnOperator } from '../faults/fixtures/operator-child.js';
import { faultControlPlane, sleep } from '../faults/fixtures/scenario.js';
import { renderChart } from './chart.js';
import { leakVerdict } from './leak.js';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const durationMs = minutes * 60_000;
const restartEveryMs = Math.max(60_000, durationMs / 6);
const reportDir = resolve(process.env.SOAK_REPORT_DIR ?? 'soak-report');
// one replica, no leader election: a leader that cannot renew its Lease within the renew
// deadline (10 s by default) exits by design, and a restart here can take longer than that
const settings = {
  leaseNamespace: 'soak-election',
  registryNamespace: 'soak-registry',
  sampleMs: 10_000,
  leaseMs: 0,
};
const { options, skip } = faultControlPlane();
const MiB = 1024 * 1024;

interface Sample {
  t: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  lagP99Ms: number;
  lagMaxMs: number;
  handles: number;
  gc: boolean;
}

const samplesOf = (output: string): Sample[] =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{"sample"'))
    .map((l) => (JSON.parse(l) as { sample: Sample }).sample);

describeOrSkip(`soak, ${minutes} min`, skip, () => {
  const env = useControlPlane(options);
  let operator: OperatorProcess;
  let fleet: Fleet;

  beforeAll(async () => {
    const api = new ApiClient({ kubeConfig: env.kubeConfig() });
    fleet = new Fleet(api, { namespace: 'soak', registryNamespace: settings.registryNamespace });
    await fleet.setUp();
    operator = await spawnOperator(env, 'soak-operator', settings);
    await eventually(() => expect(operator.output()).toMatch(/"sample"/), 60_000);
  }, 120_000);

  afterAll(async () => {
    operator?.child.kill('SIGTERM');
    await operator?.exited;
  }, 60_000);

  it('keeps memory flat and converges', async () => {
    const start = Date.now();
    const restarts: number[] = [];
    let nextRestart = start + restartEveryMs;
    let ops = 0;
    let exited: { code: number | null; signal: string | null } | undefined;
    operator.exited.then((e) => {
      exited = e;
    });
    while (Date.now() - start < durationMs) {
      if (exited !== undefined) {
        throw new Error(`the operator exited (${JSON.stringify(exited)}):\n${operator.output().slice(-3000)}`);
      }
      if (Date.now() >= nextRestart) {
        restarts.push(Date.now() - start);
        nextRestart += restartEveryMs;
        await env.restartApiServer(() => sleep(2000));
      }
      const live = fleet.live();
      const roll = fleet.pick(10);
      if (live.length < 20 || roll < 2) await fleet.create();
      else if (roll < 8) await fleet.update(live[fleet.pick(live.length)] as string);
      else await fleet.delete(live[fleet.pick(live.length)] as string);
      // forget deleted clusters once they are gone, so the ledger (and the check) stays small
      if (fleet.ledger.size > 200) for (const [n, w] of fleet.ledger) if (w === 'deleted') fleet.ledger.delete(n);
      ops++;
      await sleep(1000);
    }
    const { ms, lost } = await fleet.waitConverged(180_000);
    expect(exited).toBeUndefined();
    expect(lost).toBe(0);
    await sleep(settings.sampleMs + 1000); // one more sample after the churn

    const samples = samplesOf(operator.output());
    expect(samples.length).toBeGreaterThanOrEqual(Math.floor(durationMs / settings.sampleMs) - 2);
    expect(samples.every((s) => s.gc)).toBe(true);
    const verdict = leakVerdict(samples);
    const max = (f: (s: Sample) => number) => Math.max(...samples.map(f));
    const summary = {
      minutes,
      operations: ops,
      apiServerRestarts: restarts.length,
      convergeMs: ms,
      lost,
      samples: samples.length,
      heapFirstMiB: +((samples[0]?.heapUsed ?? 0) / MiB).toFixed(1),
      heapLastMiB: +((samples.at(-1)?.heapUsed ?? 0) / MiB).toFixed(1),
      heapMaxMiB: +(max((s) => s.heapUsed) / MiB).toFixed(1),
      rssMaxMiB: +(max((s) => s.rss) / MiB).toFixed(1),
      heapSlopeKiBPerMin: +(verdict.slopeBytesPerMin / 1024).toFixed(1),
      heapSlopeR2: +verdict.r2.toFixed(2),
      lagP99MaxMs: +max((s) => s.lagP99Ms).toFixed(1),
      handlesFirst: samples[0]?.handles ?? 0,
      handlesMax: max((s) => s.handles),
      leak: verdict.leak,
    };
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(join(reportDir, 'samples.json'), JSON.stringify({ summary, restarts, samples }, null, 2));
    const png = renderChart(
      [
        { color: [200, 40, 40], points: samples.map((s) => ({ x: s.t / 60_000, y: s.rss / MiB })) },
        { color: [40, 80, 200], points: samples.map((s) => ({ x: s.t / 60_000, y: s.heapUsed / MiB })) },
      ],
      { gridStep: 10, markers: restarts.map((r) => r / 60_000) },
    );
    writeFileSync(join(reportDir, 'memory.png'), png);
    writeFileSync(
      join(reportDir, 'report.md'),
      [
        `# Soak report (${new Date().toISOString()})`,
        '',
        `${minutes} min of churn against the Redis operator (a process of its own), ${restarts.length} kube-apiserver restart(s).`,
        '',
        '![memory](memory.png)',
        '',
        'Red: RSS; blue: heap used after a full GC (MiB; grid every 10 MiB); orange: API server restarts; x: minutes.',
        '',
        `Leak rule: over the second half, a linear fit of heap after GC with slope > 1024 KiB/min, R² ≥ 0.6 and a growth of at least 5% of the mean heap fails the run.`,
        '',
        '| figure | value |',
        '|---|---|',
        ...Object.entries(summary).map(([k, v]) => `| ${k} | ${v} |`),
        '',
      ].join('\n'),
    );
    process.stderr.write(`[soak] ${JSON.stringify(summary)}\n[soak] report: ${join(reportDir, 'report.md')}\n`);
    expect(verdict.leak).toBe(false);
  });
});
