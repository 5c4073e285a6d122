/**
 * The report's SVG charts from a `results.json`, drawn by Apache ECharts' server-side SVG
 * renderer (no DOM, no browser, no canvas):
 * - `convergence-s2.svg`, `convergence-s1.svg`, `convergence-s5.svg`: converged Widgets over
 *   time, one step line per peer, first repetition. When the slowest peer ends more than three
 *   times later than the next one, the x axis stops at 1.5× the next one's end, and the title
 *   says so and names the peer that runs off.
 * - `memory-s4.svg`: S4 heap (after GC) and RSS growth per cached object, one bar pair per
 *   peer, medians of the repetitions.
 * - `scale.svg`: the scale profile's burst, log-log: time to converge and peak RSS against N
 *   Widgets side by side, one line per peer through the medians per N.
 *
 * Drawn by `echarts-svg.mjs`, which imports ECharts only when a chart is drawn. ECharts was
 * chosen because it draws step lines, grouped bars, legends and axis names to an SVG string
 * in plain Node with two dependencies (zrender, tslib); Vega needs about thirty packages, and d3 or Observable Plot need a DOM.
 * @module
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { axisName, renderSvg, TEXT } from './echarts-svg.mjs';
import { median } from './figures.mjs';
import { seriesOf } from './growth.mjs';

const WIDTH = 900;
const HEIGHT = 540;
/** One colour per peer, in the order `results.peers` lists them (matplotlib's tab10, then 3 of tab20b: 13 peers). */
export const PALETTE = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#637939',
  '#843c39',
];
export const CUT_NOTE = 'axis cut';
const TIMELINES = [
  { scenario: 'S2', file: 'convergence-s2.svg', title: (n) => `S2 burst${n ? `: ${n} Widgets` : ''}` },
  { scenario: 'S1', file: 'convergence-s1.svg', title: (n) => `S1 cold start${n ? `: ${n} Widgets` : ''}` },
  { scenario: 'S5', file: 'convergence-s5.svg', title: () => 'S5 burst with a kube-apiserver restart' },
];

const label = (results, peer) => results.peers[peer]?.label ?? peer;
const colour = (results, peer) => PALETTE[Math.max(0, Object.keys(results.peers).indexOf(peer)) % PALETTE.length];

/** The round number at or above `v` that an axis can end on (87.9 → 90, 3.15 → 3.5). */
function niceCeil(v) {
  const step = 10 ** Math.floor(Math.log10(v)) / 2;
  return Math.ceil(v / step) * step;
}

/** Breaks `text` into lines of at most `width` characters at spaces (a longer word keeps its own line). */
function wrap(text, width) {
  const lines = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.join('\n');
}

/** A legend of `count` line series under the plot: one entry per row, two columns (long peer labels never run into each other). */
function legendBelow(count) {
  const legendHeight = 15 * Math.ceil(count / 2);
  const legend = {
    orient: 'vertical',
    bottom: 12,
    left: 80,
    height: legendHeight - 1,
    itemGap: 8,
    itemWidth: 24,
    itemHeight: 3,
    icon: 'rect',
    textStyle: { ...TEXT, fontSize: 12 },
  };
  return { legend, legendHeight };
}

/**
 * Converged Widgets over time for one scenario (first repetition of each peer that has a
 * timeline), or undefined when no run has one.
 */
export async function convergenceChart(results, scenario, title) {
  const runs = results.runs.filter((r) => r.scenario === scenario && r.rep === 0 && r.metrics?.timeline?.length);
  if (runs.length === 0) return undefined;
  const ends = runs.map((r) => ({ peer: r.peer, end: r.metrics.timeline.at(-1)[0] })).sort((a, b) => a.end - b.end);
  let cut;
  if (ends.length > 1 && ends.at(-2).end > 0 && ends.at(-1).end > 3 * ends.at(-2).end) {
    const slowest = ends.at(-1);
    cut = {
      max: niceCeil(1.5 * ends.at(-2).end),
      note: `${CUT_NOTE}: ${label(results, slowest.peer)} runs off to ${slowest.end.toFixed(1)} s`,
    };
  }
  const { legend, legendHeight } = legendBelow(runs.length);
  return renderSvg(
    {
      title: { text: title, subtext: cut?.note, subtextStyle: { ...TEXT, fontSize: 13, color: '#a00' } },
      grid: { left: 80, right: 40, top: cut ? 80 : 60, bottom: 80 + legendHeight },
      legend,
      xAxis: {
        type: 'value',
        min: 0,
        max: cut?.max,
        ...axisName('seconds since start', 30),
        splitLine: { lineStyle: { color: '#e5e5e5' } },
      },
      yAxis: {
        type: 'value',
        min: 0,
        ...axisName('converged Widgets', 55),
        splitLine: { lineStyle: { color: '#e5e5e5' } },
      },
      series: runs.map((r) => ({
        type: 'line',
        step: 'end',
        name: label(results, r.peer),
        data: r.metrics.timeline.map(([t, n]) => [t, n]),
        symbol: 'none',
        color: colour(results, r.peer),
        lineStyle: { width: 1.8 },
      })),
    },
    WIDTH,
    480 + legendHeight,
  );
}

/** S4 heap and RSS growth per cached object per peer (medians), or undefined without S4 runs. */
export async function memoryChart(results) {
  const byPeer = new Map();
  for (const r of results.runs) {
    if (r.scenario !== 'S4' || !r.metrics) continue;
    const m = byPeer.get(r.peer) ?? { heap: [], rss: [] };
    if (r.metrics.heapPerObject != null) m.heap.push(r.metrics.heapPerObject);
    if (r.metrics.rssPerObject != null) m.rss.push(r.metrics.rssPerObject);
    byPeer.set(r.peer, m);
  }
  if (byPeer.size === 0) return undefined;
  const peers = [...byPeer.keys()];
  // peer names wrapped to their bar pair's width (10 px text, 0.6 em a character)
  const names = peers.map((p) => wrap(label(results, p), Math.floor(((WIDTH - 110) / peers.length - 8) / 6)));
  const nameLines = Math.max(...names.map((n) => n.split('\n').length));
  const bars = (name, key, color) => ({
    type: 'bar',
    name,
    color,
    barGap: '0%',
    barCategoryGap: '20%',
    label: { show: true, position: 'top', ...TEXT, fontSize: 10 },
    data: peers.map((p) => {
      const m = median(byPeer.get(p)[key]);
      return Number.isFinite(m) ? Math.round(m) : null; // no figure: no bar
    }),
  });
  return renderSvg(
    {
      title: { text: 'S4 memory growth per cached object (ConfigMaps ~1 KB + Widgets)' },
      grid: { left: 80, right: 30, top: 85, bottom: 30 + 13 * nameLines },
      legend: { top: 44, itemGap: 30, textStyle: { ...TEXT, fontSize: 12 } },
      xAxis: {
        type: 'category',
        data: names,
        axisLabel: { ...TEXT, fontSize: 10, interval: 0, lineHeight: 13 },
      },
      yAxis: {
        type: 'value',
        ...axisName('bytes per cached object', 60),
        splitLine: { lineStyle: { color: '#e5e5e5' } },
      },
      series: [bars('heap (after GC) per object', 'heap', PALETTE[0]), bars('RSS per object', 'rss', PALETTE[1])],
    },
    WIDTH,
    HEIGHT,
  );
}

/**
 * The scale profile's burst on log-log axes: converge time (left) and peak RSS (right)
 * against N, one line per peer through its medians per N; undefined without two sizes.
 */
export async function scaleChart(results) {
  const peers = Object.keys(results.peers).filter(
    (p) => seriesOf(results.runs, 'scale-burst', p, 'seconds').length > 0,
  );
  if (
    peers.length === 0 ||
    new Set(results.runs.filter((r) => r.scenario === 'scale-burst').map((r) => r.metrics?.n)).size < 2
  )
    return undefined;
  const panel = (i) => ({
    xAxis: {
      type: 'log',
      gridIndex: i,
      ...axisName('N Widgets', 30),
      splitLine: { lineStyle: { color: '#e5e5e5' } },
    },
    yAxis: {
      type: 'log',
      gridIndex: i,
      ...axisName(i === 0 ? 'seconds to converge' : 'peak RSS MiB', 50),
      splitLine: { lineStyle: { color: '#e5e5e5' } },
    },
  });
  const line = (p, i, key, scale) => ({
    type: 'line',
    name: label(results, p),
    xAxisIndex: i,
    yAxisIndex: i,
    data: seriesOf(results.runs, 'scale-burst', p, key).map(([n, y]) => [n, y / scale]),
    symbol: 'circle',
    symbolSize: 6,
    color: colour(results, p),
    lineStyle: { width: 1.8 },
  });
  const { legend, legendHeight } = legendBelow(peers.length);
  return renderSvg(
    {
      title: { text: 'Scale: burst of N Widgets, time to converge and peak RSS (log-log)' },
      grid: [
        { left: 80, width: (WIDTH - 200) / 2, top: 60, bottom: 80 + legendHeight },
        { right: 40, width: (WIDTH - 200) / 2, top: 60, bottom: 80 + legendHeight },
      ],
      legend,
      xAxis: [panel(0).xAxis, panel(1).xAxis],
      yAxis: [panel(0).yAxis, panel(1).yAxis],
      series: peers.flatMap((p) => [line(p, 0, 'seconds', 1), line(p, 1, 'peakRssBytes', 2 ** 20)]),
    },
    WIDTH,
    480 + legendHeight,
  );
}

/** Every chart the results have data for: `{ file, title, svg }`. */
export async function drawCharts(results) {
  const charts = [];
  for (const t of TIMELINES) {
    const title = t.title(results.sizes?.[t.scenario]?.n);
    const svg = await convergenceChart(results, t.scenario, title);
    if (svg) charts.push({ file: t.file, title, svg });
  }
  const memory = await memoryChart(results);
  if (memory) charts.push({ file: 'memory-s4.svg', title: 'S4 memory growth per cached object', svg: memory });
  const scale = await scaleChart(results);
  if (scale)
    charts.push({ file: 'scale.svg', title: 'Scale: converge time and peak RSS against N (log-log)', svg: scale });
  return charts;
}

/** Writes the charts into `dir`; returns `{ file, title }` for the report to embed. */
export async function writeCharts(dir, results) {
  const charts = await drawCharts(results);
  for (const c of charts) writeFileSync(join(dir, c.file), c.svg);
  return charts.map(({ file, title }) => ({ file, title }));
}
