/**
 * The scale profile's section of `report.md`: per part (`scale.mjs`) a table per size and
 * peer (medians with [min–max] over the repetitions, the headline ÷ controller-runtime), the
 * problems, and the growth exponents b of y ≈ a·N^b per peer side by side.
 * @module
 */
import { fmt, medianCell, problemOf, ratio } from './figures.mjs';
import { fitExponent, seriesOf, sizesOf } from './growth.mjs';

const CR = 'cr-tuned';

/** Per part: title, what N counts, and the columns [key, header, format]; the first is the headline. */
export const SCALE_TABLES = {
  'scale-burst': {
    title:
      'Burst and churn at N Widgets: the peer starts on an empty cluster, N Widgets are created at full speed (32 in flight) until all converged, then spec changes at a fixed rate (S3); fresh control plane per N and peer',
    size: 'N Widgets',
    columns: [
      ['seconds', 'T converge s', 2],
      ['cpuSecondsPer1k', 'CPU-s/1k', 2],
      ['peakRssBytes', 'peak RSS MiB', 'MiB'],
      ['rssPerObject', 'RSS B/Widget', 0],
      ['heapPerObject', 'heap B/Widget', 0],
      ['p50Ms', 'churn p50 ms', 1],
      ['p99Ms', 'churn p99 ms', 1],
    ],
  },
  'scale-cache': {
    title:
      'Cached ConfigMaps: N ConfigMaps (~1 KB) exist, then the peer starts; initial sync = start → a changed Widget converged; per object over the same peer on no ConfigMaps (N = 0); one control plane for every N and peer',
    size: 'N ConfigMaps',
    columns: [
      ['syncSeconds', 'T sync s', 2],
      ['peakRssBytes', 'peak RSS MiB', 'MiB'],
      ['rssBytes', 'RSS MiB', 'MiB'],
      ['rssPerObject', 'RSS B/object', 0],
      ['heapPerObject', 'heap B/object', 0],
    ],
  },
  'scale-cold': {
    title: 'Cold start (S1) at N: N Widgets exist, then the peer starts; time until all converged once',
    size: 'N Widgets',
    columns: [
      ['seconds', 'T converge s', 2],
      ['objectsPerSecond', 'objects/s', 0],
      ['cpuSecondsPer1k', 'CPU-s/1k', 2],
      ['peakRssBytes', 'peak RSS MiB', 'MiB'],
    ],
  },
};

/** The costs whose growth exponent is fitted: [part, key, what it is]. */
export const GROWTH = [
  ['scale-burst', 'seconds', 'burst: time until N Widgets converged'],
  ['scale-burst', 'cpuSeconds', 'burst: CPU seconds'],
  ['scale-burst', 'rssGrowthBytes', 'burst: RSS after sync over the empty process'],
  ['scale-burst', 'heapGrowthBytes', 'burst: heap after sync over the empty process'],
  ['scale-burst', 'p99Ms', 'churn p99'],
  ['scale-cache', 'syncSeconds', 'ConfigMaps: initial sync time (process start included)'],
  ['scale-cache', 'rssGrowthBytes', 'ConfigMaps: RSS over no ConfigMaps'],
  ['scale-cache', 'heapGrowthBytes', 'ConfigMaps: heap over no ConfigMaps'],
  ['scale-cold', 'seconds', 'cold start: time until N Widgets converged'],
];

const peersIn = (results, part) =>
  Object.keys(results.peers).filter((id) => results.runs.some((r) => r.scenario === part && r.peer === id));

function partTable(results, part) {
  const { title, size, columns } = SCALE_TABLES[part];
  const runs = results.runs.filter((r) => r.scenario === part);
  const lines = [`### ${title}`, '', `Sizes: \`${JSON.stringify(results.sizes?.[part] ?? {})}\``, ''];
  lines.push(
    `| ${size} | peer | ${columns.map((c) => c[1]).join(' | ')} | ${columns[0][1]} ÷ c-r tuned | ok runs |`,
    `|---:|---|${columns.map(() => '---:').join('|')}|---:|---:|`,
  );
  const [head] = columns[0];
  for (const n of sizesOf(runs, part)) {
    const at = (id) => runs.filter((r) => r.peer === id && (r.metrics?.n ?? r.n) === n);
    const crHead = medianCell(
      at(CR).map((r) => r.metrics?.[head]),
      0,
    ).median;
    for (const id of peersIn(results, part)) {
      const all = at(id);
      if (all.length === 0) continue;
      const done = all.filter((r) => r.metrics);
      const cells = columns.map(([key, , f]) =>
        medianCell(
          done.map((r) => r.metrics[key]),
          f,
        ),
      );
      lines.push(
        `| ${fmt(n, 0)} | ${results.peers[id].label} | ${cells.map((c) => c.text).join(' | ')} | ${ratio(cells[0].median, crHead)} | ${done.filter((r) => r.metrics.ok).length}/${all.length} |`,
      );
    }
  }
  const problems = runs.filter((r) => r.error || !r.metrics.ok || r.metrics.exit);
  if (problems.length > 0) {
    lines.push('', 'Problems:');
    for (const r of problems) {
      lines.push(`- ${results.peers[r.peer].label}, N = ${fmt(r.metrics?.n ?? r.n, 0)}, rep ${r.rep}: ${problemOf(r)}`);
    }
  }
  return lines.join('\n');
}

/** The exponent b of y ≈ a·N^b per cost and peer, `–` under two sizes. */
export function growthTable(results) {
  const parts = [...new Set(results.runs.map((r) => r.scenario))];
  const rows = GROWTH.filter(([part]) => parts.includes(part));
  const ids = Object.keys(results.peers).filter((id) =>
    results.runs.some((r) => r.peer === id && parts.includes(r.scenario) && GROWTH.some(([p]) => p === r.scenario)),
  );
  const lines = [
    '### Growth exponents',
    '',
    'b in y ≈ a·N^b, least squares of log(y) on log(N) over the medians per N (1 = linear, 0 = flat; r² of the fit in brackets). Fixed costs (process start, the first list) pull b under 1 at small N.',
    '',
    `| cost | ${ids.map((id) => results.peers[id].label).join(' | ')} |`,
    `|---|${ids.map(() => '---:').join('|')}|`,
  ];
  for (const [part, key, what] of rows) {
    const cells = ids.map((id) => {
      const fit = fitExponent(seriesOf(results.runs, part, id, key));
      // + 0 turns a rounded -0 (a flat cost's slope of -1e-17) into 0
      return fit === undefined
        ? '–'
        : `${(Math.round(fit.exponent * 100) / 100 + 0).toFixed(2)} (${fit.r2.toFixed(2)})`;
    });
    lines.push(`| ${what} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** The report section of the scale profile's runs, '' when there are none. */
export function scaleSection(results) {
  const parts = Object.keys(SCALE_TABLES).filter((part) => results.runs.some((r) => r.scenario === part));
  if (parts.length === 0) return '';
  return [
    '## Scale: cost growth with N',
    '',
    ...parts.flatMap((part) => [partTable(results, part), '']),
    growthTable(results),
    '',
  ].join('\n');
}
