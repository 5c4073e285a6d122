/**
 * Writes `report.md` from the results: per scenario a table of medians with [min–max] over
 * the repetitions and ratios to the floor and to controller-runtime (tuned-equal); versions,
 * sizes, host facts, failures, the scale profile's section (`scale-report.mjs`), charts and the
 * CPU profile summary.
 * @module
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, medianCell, problemOf, ratio } from './figures.mjs';
import { scaleSection } from './scale-report.mjs';

/** S2's and S6's columns (a burst of N). */
const BURST = [
  ['seconds', 'T converge s', 2],
  ['createSeconds', 'T create s', 2],
  ['afterLastCreateSeconds', 'after last create s', 2],
  ['objectsPerSecond', 'objects/s', 0],
  ['e2eP50Ms', 'e2e p50 ms', 0],
  ['e2eP99Ms', 'e2e p99 ms', 0],
  ['requestsPerReconcile', 'req/object', 2],
  ['reconcilesPerObject', 'reconciles/object', 2],
  ['cpuSecondsPer1k', 'CPU-s/1k', 2],
  ['peakRssBytes', 'peak RSS MiB', 'MiB'],
];

/** The metrics shown per scenario: [key, header, format]; the first is the headline (lower is better). */
const COLUMNS = {
  S1: [
    ['seconds', 'T converge s', 2],
    ['objectsPerSecond', 'objects/s', 0],
    ['requestsPerReconcile', 'req/object', 2],
    ['cpuSecondsPer1k', 'CPU-s/1k', 2],
    ['peakRssBytes', 'peak RSS MiB', 'MiB'],
  ],
  S2: BURST,
  S6: BURST,
  S3: [
    ['p99Ms', 'p99 ms', 1],
    ['p50Ms', 'p50 ms', 1],
    ['maxMs', 'max ms', 1],
    ['lost', 'lost', 0],
    ['requestsPerUpdate', 'req/update', 2],
  ],
  S4: [
    ['heapPerObject', 'heap B/object', 0],
    ['rssPerObject', 'RSS B/object', 0],
    ['heapPerObjectFromEmpty', 'heap B/object from empty', 0],
    ['rssPerObjectFromEmpty', 'RSS B/object from empty', 0],
    ['heapFirstBurstFixedBytes', 'first burst fixed heap MiB', 'MiB'],
    ['rssBaseBytes', 'RSS empty MiB', 'MiB'],
    ['rssAnonBaseBytes', 'of it anonymous MiB', 'MiB'],
    ['rssBytes', 'RSS full MiB', 'MiB'],
    ['peakRssBytes', 'peak RSS MiB', 'MiB'],
  ],
  S5: [
    ['seconds', 'T converge from burst start s', 2],
    ['recoverySeconds', 'T converge after apiserver /readyz s', 2],
    ['restartSeconds', 'restart took s', 1],
    ['lost', 'lost', 0],
  ],
  S7: [
    ['firstMs', 'first change after idle ms', 1],
    ['maxMs', 'max ms', 1],
  ],
  S8: [
    ['latencyMs', 'change → reconciled ms', 1],
    ['convergedBefore', 'others converged first', 0],
    ['convergedAtChange', 'converged at the change', 0],
    ['firstReconcileSeconds', 'start → first reconcile s', 2],
  ],
};

const TITLES = {
  S1: 'S1 cold start: N Widgets exist, then the controller starts; time until all converged',
  S2: 'S2 burst: controller running, N Widgets created at full speed (32 in flight); time until all converged',
  S3: 'S3 churn: spec changes at a fixed rate on converged Widgets; write → status-observed latency',
  S4: 'S4 memory: ~1 KB ConfigMaps + N Widgets + N child ConfigMaps cached in two halves; growth per object over the second half (one more cached object), and from the empty process',
  S6: 'S6 second burst: S2 again in the same process, after it converged a first burst of N (not measured): what a running manager pays once V8 has compiled its hot path',
  S5: 'S5 recovery: kube-apiserver restarted (stop + start) when half of a burst is created; time from the burst start (and from the restarted apiserver /readyz) until all converged, nothing lost',
  S7: 'S7 quiet period: converged Widgets, idle, then single changes; latency of each',
  S8: 'S8 change during the initial sync: N Widgets listed at start, 1 worker; the Widget in the middle of the list order changed after the first reconcile; latency until its status shows the change',
};

const value = (run, key) => (key === 'lost' ? (run.metrics.verify?.lost ?? run.metrics.lost) : run.metrics[key]);

const cell = (runs, key, f) =>
  medianCell(
    runs.map((r) => value(r, key)),
    f,
  );

/** The headline median per (scenario, peer), for ratios and the summary. */
export function headlines(results) {
  const out = {};
  for (const [sid, cols] of Object.entries(COLUMNS)) {
    out[sid] = {};
    for (const id of Object.keys(results.peers)) {
      const runs = results.runs.filter((r) => r.scenario === sid && r.peer === id && r.metrics);
      out[sid][id] = cell(runs, cols[0][0], cols[0][2]).median;
    }
  }
  return out;
}

/** S8's comparison: Operant on the priority queue against its plain queue and controller-runtime's defaults. */
function s8Ratios(results) {
  const med = (id, key) =>
    cell(
      results.runs.filter((r) => r.scenario === 'S8' && r.peer === id && r.metrics),
      key,
      0,
    ).median;
  const o = med('operant-builder', 'latencyMs');
  const plain = med('operant-plain-queue', 'latencyMs');
  const cr = med('cr-default', 'latencyMs');
  const lines = [];
  if (Number.isFinite(o) && Number.isFinite(plain)) {
    lines.push(`- Operant, plain queue ÷ priority queue: ${ratio(plain, o)} (${fmt(plain, 1)} ms vs ${fmt(o, 1)} ms)`);
  }
  if (Number.isFinite(o) && Number.isFinite(cr)) {
    lines.push(
      `- Operant, priority queue ÷ controller-runtime (defaults): ${ratio(o, cr)} (${fmt(o, 1)} ms vs ${fmt(cr, 1)} ms)`,
    );
  }
  return lines;
}

export function scenarioSection(results, sid) {
  const cols = COLUMNS[sid];
  const heads = headlines(results)[sid];
  const lines = [`### ${TITLES[sid]}`, '', `Sizes: \`${JSON.stringify(results.sizes[sid])}\``, ''];
  lines.push(
    `| peer | ${cols.map((c) => c[1]).join(' | ')} | ${cols[0][1]} ÷ floor | ÷ c-r tuned | ok runs |`,
    `|---|${cols.map(() => '---:').join('|')}|---:|---:|---:|`,
  );
  for (const [id, peer] of Object.entries(results.peers)) {
    const all = results.runs.filter((r) => r.scenario === sid && r.peer === id);
    if (all.length === 0) continue;
    const runs = all.filter((r) => r.metrics);
    const cells = cols.map(([key, , f]) => cell(runs, key, f).text);
    const okRuns = runs.filter((r) => r.metrics.ok).length;
    lines.push(
      `| ${peer.label} | ${cells.join(' | ')} | ${ratio(heads[id], heads.floor)} | ${ratio(heads[id], heads['cr-tuned'])} | ${okRuns}/${all.length} |`,
    );
  }
  const problems = results.runs.filter(
    (r) => r.scenario === sid && (r.error || !r.metrics?.ok || r.metrics?.exit || (value(r, 'lost') ?? 0) > 0),
  );
  if (problems.length > 0) {
    lines.push('', 'Problems:');
    for (const r of problems) {
      lines.push(
        `- ${results.peers[r.peer].label}, rep ${r.rep}: ${problemOf(r)}${r.metrics?.verify ? ` (final LIST: ${JSON.stringify(r.metrics.verify)})` : ''}`,
      );
    }
  }
  if (sid === 'S8') {
    const ratios = s8Ratios(results);
    if (ratios.length > 0) lines.push('', 'Change → reconciled, ratios of medians:', ...ratios);
  }
  if (sid === 'S7') {
    lines.push('', 'Each change’s latency (ms), per repetition:');
    for (const r of results.runs.filter((x) => x.scenario === 'S7' && x.metrics)) {
      lines.push(
        `- ${results.peers[r.peer].label}, rep ${r.rep}: ${r.metrics.latenciesMs.map((x) => fmt(x, 1)).join(', ')}`,
      );
    }
  }
  if (sid === 'S2') {
    lines.push('', 'API requests by verb during the burst (first repetition; includes the load generator’s POSTs):');
    for (const r of results.runs.filter((x) => x.scenario === 'S2' && x.metrics && x.rep === 0)) {
      lines.push(
        `- ${results.peers[r.peer].label}: ${Object.entries(r.metrics.requestsByVerb)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
    }
  }
  return lines.join('\n');
}

/** The burst's CPU per thread kind (procfs): what the profile of the main thread does not show. */
function threadLines(cpu) {
  const threads = Object.entries(cpu.cpuSecondsByThread ?? {}).filter(([, s]) => s > 0);
  if (threads.length === 0) return [];
  const total = threads.reduce((sum, [, s]) => sum + s, 0);
  return [
    `CPU per thread during the burst (procfs; ${total.toFixed(2)} s in all):`,
    '',
    '| thread | CPU s | % |',
    '|---|---:|---:|',
    ...threads
      .sort((a, b) => b[1] - a[1])
      .map(([name, s]) => `| ${name} | ${s.toFixed(2)} | ${((100 * s) / total).toFixed(1)} |`),
    '',
  ];
}

function cpuSection(cpu) {
  if (!cpu) return '';
  if (cpu.error) return `## CPU profile\n\n${cpu.error}\n`;
  const lines = [
    '## CPU profile: Operant (builder) during S2',
    '',
    `\`node --cpu-prof\` of the controller process for one S2 run (${cpu.seconds?.toFixed(1)} s; ${(cpu.busyMs / 1000).toFixed(2)} s on CPU of ${(cpu.totalMs / 1000).toFixed(2)} s profiled).`,
    '',
    '| origin | self ms | % of busy |',
    '|---|---:|---:|',
    ...cpu.byOrigin.map(
      (o) => `| ${o.origin} | ${o.ms.toFixed(0)} | ${o.pctOfBusy === null ? '–' : o.pctOfBusy.toFixed(1)} |`,
    ),
    '',
    ...(cpu.byCoreFolder?.length
      ? [
          '| Operant core by folder | self ms | % of busy |',
          '|---|---:|---:|',
          ...cpu.byCoreFolder.map((f) => `| ${f.folder} | ${f.ms.toFixed(0)} | ${f.pctOfBusy.toFixed(1)} |`),
          '',
        ]
      : []),
    ...threadLines(cpu),
    '| top self-time functions | origin | self ms | % of busy |',
    '|---|---|---:|---:|',
    ...cpu.topSelf.map((f) => `| \`${f.fn}\` | ${f.origin} | ${f.ms.toFixed(0)} | ${f.pctOfBusy.toFixed(1)} |`),
  ];
  return `${lines.join('\n')}\n`;
}

/** Operant (builder) against the floor and controller-runtime (tuned-equal) on the headline metrics. */
function headlineSection(results) {
  const runsOf = (sid, id) => results.runs.filter((r) => r.scenario === sid && r.peer === id && r.metrics);
  const med = (sid, id, key) => cell(runsOf(sid, id), key, 0).median;
  const lines = ['## Headline: Operant (builder)', ''];
  const o = 'operant-builder';
  const s2 = med('S2', o, 'seconds');
  if (Number.isFinite(s2)) {
    lines.push(
      `- S2 burst: ${fmt(s2, 2)} s; ${ratio(s2, med('S2', 'floor', 'seconds'))} the floor, ${ratio(s2, med('S2', 'cr-tuned', 'seconds'))} controller-runtime (tuned-equal), ${ratio(s2, med('S2', 'cr-default', 'seconds'))} controller-runtime (defaults)`,
    );
  }
  const heap = med('S4', o, 'heapPerObject');
  const rss = med('S4', o, 'rssPerObject');
  if (Number.isFinite(rss)) {
    lines.push(
      `- S4 memory: heap ${fmt(heap, 0)} B/object (${ratio(heap, med('S4', 'cr-tuned', 'heapPerObject'))} controller-runtime's Go heap), RSS ${fmt(rss, 0)} B/object (${ratio(rss, med('S4', 'cr-tuned', 'rssPerObject'))} controller-runtime's)`,
    );
  }
  const p99 = med('S3', o, 'p99Ms');
  if (Number.isFinite(p99)) {
    lines.push(
      `- S3 churn p99: ${fmt(p99, 1)} ms (floor ${fmt(med('S3', 'floor', 'p99Ms'), 1)} ms, controller-runtime ${fmt(med('S3', 'cr-tuned', 'p99Ms'), 1)} ms); p50 ${fmt(med('S3', o, 'p50Ms'), 1)} ms`,
    );
  }
  const s7 = med('S7', o, 'firstMs');
  if (Number.isFinite(s7)) {
    lines.push(
      `- S7 first change after ${results.sizes.S7?.idleSeconds} s idle: ${fmt(s7, 1)} ms (floor ${fmt(med('S7', 'floor', 'firstMs'), 1)} ms, controller-runtime ${fmt(med('S7', 'cr-tuned', 'firstMs'), 1)} ms)`,
    );
  }
  const s8 = s8Ratios(results);
  if (s8.length > 0)
    lines.push(`- S8 change during the initial sync of ${results.sizes.S8?.n} Widgets:`, ...s8.map((l) => `  ${l}`));
  return lines.length > 2 ? `${lines.join('\n')}\n` : '';
}

/** Writes `report.md` into `dir`; `charts` (`{ file, title }`, from `charts.mjs`) are embedded as images. */
export function writeReport(dir, results, charts) {
  const h = results.host;
  const lines = [
    `# Operant benchmark report (${results.profile} profile)`,
    '',
    `Run ${results.startedAt} → ${results.finishedAt}; ${results.reps} repetition(s) per scenario and peer, order interleaved (A B C, C B A, …); scale ${results.scale}.`,
    ...(results.passes?.length > 1
      ? [
          `Merged passes: ${results.passes.map((p) => `${p.startedAt} → ${p.finishedAt}`).join('; ')}; the later passes add repetitions for some peers ("ok runs" counts them).`,
        ]
      : []),
    'Medians of the repetitions, [min–max] when there is more than one (⚠: spread over 10 % of the median).',
    'Each (scenario, peer) runs on a fresh control plane; the load generator measures from its own watch.',
    `Noise: the host's load average was ${h.loadavgAtStart[0]} at the start on ${h.nproc} cores (other work shares the machine), so absolute figures are noisy; ratios within this run, measured side by side, are the figures to read.`,
    ...(results.note ? ['', results.note] : []),
    '',
    headlineSection(results),
    '## Host',
    '',
    `- ${h.nproc} cores (${h.cpu}), ${h.memGiB} GiB, Linux ${h.kernel}; load average at start ${h.loadavgAtStart.join(' ')}, at end ${h.loadavgAtEnd.join(' ')}`,
    `- pinning: ${h.pinning}; etcd and kube-apiserver with GOMAXPROCS=1`,
    ...(h.nodePeerFlags
      ? [`- Node peers run with \`${h.nodePeerFlags}\` (the V8 heap flags the scaffold's Dockerfile ships)`]
      : []),
    `- kube-apiserver ${h.kubeApiserver}, ${h.etcd}`,
    '',
    '## Versions',
    '',
    '| peer | status | versions |',
    '|---|---|---|',
    ...Object.entries(results.peers).map(
      ([, p]) =>
        `| ${p.label} | ${p.ok ? 'ran' : 'not run'} | ${
          p.ok
            ? Object.entries(p.versions)
                .map(([k, v]) => `${k} ${v}`)
                .join(', ')
            : p.reason.replaceAll('|', '\\|')
        } |`,
    ),
    '',
  ];
  if (results.runs.some((r) => COLUMNS[r.scenario])) lines.push('## Scenarios', '');
  for (const sid of Object.keys(COLUMNS)) {
    if (results.runs.some((r) => r.scenario === sid)) lines.push(scenarioSection(results, sid), '');
  }
  const scale = scaleSection(results);
  if (scale) lines.push(scale);
  if (charts.length > 0) {
    lines.push('## Charts', '', ...charts.flatMap((c) => [`![${c.title}](${c.file})`, '']));
  }
  lines.push(cpuSection(results.cpuProfile));
  writeFileSync(join(dir, 'report.md'), `${lines.join('\n')}\n`);
}
