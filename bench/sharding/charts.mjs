/**
 * The sharding simulation's two SVG charts, drawn by Apache ECharts' server-side SVG renderer
 * (`bench/harness/echarts-svg.mjs`):
 * - `moved.svg`: the fraction of keys each membership change moved, a marker per change
 *   coloured by its kind (join, leave, failure), beside the 1/N line a change must move.
 * - `imbalance.svg`: max/mean keys per member against the range count R (log scale): at the
 *   start, mean over the changes, and worst.
 * @module
 */
import { axisName, renderSvg, TEXT } from '../harness/echarts-svg.mjs';

const WIDTH = 720;
const HEIGHT = 400;
/** The colour of each kind of change (the imbalance lines reuse them) and of the 1/N line. */
export const COLOURS = { join: '#1f77b4', leave: '#2ca02c', failure: '#d62728', expected: '#555555' };

const KINDS = ['join', 'leave', 'failure'];
const grid = { left: 80, right: 180, top: 50, bottom: 60 };
const legend = {
  orient: 'vertical',
  right: 10,
  top: 50,
  itemGap: 10,
  textStyle: { ...TEXT, fontSize: 12 },
};
const splitLine = { lineStyle: { color: '#e5e5e5' } };

/**
 * Keys moved per change at R = `ranges`: `rows` are the simulation's changes in order
 * (`{ kind, movedFraction, expectedFraction }`), `keys` the key count.
 */
export function movedChart({ rows, ranges, keys }) {
  return renderSvg(
    {
      title: { text: `Keys moved per change (R = ${ranges}, ${keys.toLocaleString('en-US')} keys)` },
      grid,
      // a line, not a line through a marker: the 1/N series has no markers
      legend: { ...legend, data: [...KINDS, { name: '1/N', icon: 'path://M0 0H24V2H0Z' }] },
      xAxis: { type: 'value', min: 1, max: rows.length, minInterval: 1, ...axisName('change #', 30), splitLine },
      yAxis: { type: 'value', min: 0, ...axisName('fraction of keys moved', 60), splitLine },
      series: [
        ...KINDS.map((kind) => ({
          type: 'scatter',
          name: kind,
          color: COLOURS[kind],
          symbolSize: 7,
          itemStyle: { opacity: 1 },
          data: rows.map((r, i) => [i + 1, r.movedFraction]).filter((_, i) => rows[i].kind === kind),
        })),
        {
          type: 'line',
          name: '1/N',
          color: COLOURS.expected,
          symbol: 'none',
          lineStyle: { width: 1.5 },
          data: rows.map((r, i) => [i + 1, r.expectedFraction]),
        },
      ],
    },
    WIDTH,
    HEIGHT,
  );
}

/**
 * Imbalance per range count with `members` members: `summaries` are one per R
 * (`{ ranges, startImbalance, meanImbalance, maxImbalance }`).
 */
export function imbalanceChart({ summaries, members }) {
  const byRanges = summaries.toSorted((a, b) => a.ranges - b.ranges);
  const line = (name, color, key) => ({
    type: 'line',
    name,
    color,
    symbol: 'circle',
    symbolSize: 7,
    lineStyle: { width: 1.5 },
    data: byRanges.map((s) => [s.ranges, s[key]]),
  });
  return renderSvg(
    {
      title: { text: `Imbalance (max/mean keys per member) vs ranges R, ${members} members` },
      grid,
      legend,
      xAxis: {
        type: 'log',
        logBase: 2,
        min: byRanges[0].ranges,
        max: byRanges.at(-1).ranges,
        axisLabel: { formatter: String },
        ...axisName('ranges R (log scale)', 30),
        splitLine,
      },
      yAxis: { type: 'value', min: 1, ...axisName('max / mean', 50), splitLine },
      series: [
        line('at start', COLOURS.join, 'startImbalance'),
        line('mean over changes', COLOURS.leave, 'meanImbalance'),
        line('worst', COLOURS.failure, 'maxImbalance'),
      ],
    },
    WIDTH,
    HEIGHT,
  );
}
