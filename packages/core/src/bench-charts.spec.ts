/**
 * The side-by-side bench report's SVG charts (`bench/harness/charts.mjs`): a step line per
 * peer from the first repetition, the axis cut and said in the title when one peer runs off,
 * a bar pair of medians per peer for S4 memory, axis names, legend and title.
 * @module
 */
import { describe, expect, it } from '@jest/globals';
import {
  type ChartResults,
  CUT_NOTE,
  convergenceChart,
  drawCharts,
  memoryChart,
  PALETTE,
} from '../../../bench/harness/charts.mjs';

const peers = {
  floor: { label: 'floor (raw)' },
  op: { label: 'Operant <builder>' },
  cr: { label: 'controller-runtime' },
};

/** `n` Widgets converging one per `step` seconds. */
const timeline = (n: number, step: number): [number, number][] =>
  Array.from({ length: n + 1 }, (_, i) => [i * step, i] as [number, number]);

function results(crStep = 0.3): ChartResults {
  return {
    peers,
    sizes: { S2: { n: 10 } },
    runs: [
      { scenario: 'S2', peer: 'floor', rep: 0, metrics: { timeline: timeline(10, 0.2) } },
      { scenario: 'S2', peer: 'op', rep: 0, metrics: { timeline: timeline(10, 0.25) } },
      { scenario: 'S2', peer: 'cr', rep: 0, metrics: { timeline: timeline(10, crStep) } },
      { scenario: 'S2', peer: 'op', rep: 1, metrics: { timeline: timeline(10, 0.5) } },
      ...[1000, 5000, 2000].map((heap, rep) => ({
        scenario: 'S4',
        peer: 'floor',
        rep,
        metrics: { heapPerObject: heap, rssPerObject: heap * 4 },
      })),
      { scenario: 'S4', peer: 'cr', rep: 0, metrics: { heapPerObject: 1234, rssPerObject: 5678 } },
      { scenario: 'S4', peer: 'op', rep: 0, metrics: { rssPerObject: 4321 } },
    ],
  };
}

/** The paths ECharts draws a line series with: each in the plot's clip group. */
function seriesPaths(svg: string) {
  return [...svg.matchAll(/<g clip-path="url\(#[^"]+\)">\s*<path d="([^"]+)"[^>]*? stroke="(#[0-9a-f]{6})"/g)].map(
    (m) => ({ d: m[1] ?? '', stroke: m[2] }),
  );
}

const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('bench report charts', () => {
  it('draws one step line per peer from the first repetition, with axis names, legend and title', async () => {
    const svg = (await convergenceChart(results(), 'S2', 'S2 burst: 10 Widgets')) ?? '';
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('<title>S2 burst: 10 Widgets</title>');
    const paths = seriesPaths(svg);
    expect(paths.map((p) => p.stroke)).toEqual(PALETTE.slice(0, 3));
    for (const { d } of paths) {
      // a step line: every segment is horizontal or vertical
      const points = [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
      expect(points.length).toBeGreaterThan(10);
      points.slice(1).forEach(([x, y], i) => {
        const [px, py] = points[i] ?? [];
        expect(x === px || y === py).toBe(true);
      });
    }
    const words = texts(svg);
    expect(words).toEqual(
      expect.arrayContaining([
        'S2 burst: 10 Widgets',
        'seconds since start',
        'converged Widgets',
        'floor (raw)',
        'Operant &lt;builder&gt;',
        'controller-runtime',
      ]),
    );
    expect(svg).not.toContain(CUT_NOTE);
  });

  it('cuts the time axis and says so when one peer ends more than three times later than the rest', async () => {
    const svg = (await convergenceChart(results(10), 'S2', 'S2 burst: 10 Widgets')) ?? '';
    expect(texts(svg)).toContain(`${CUT_NOTE}: controller-runtime runs off to 100.0 s`);
    expect(svg).toContain(`<title>S2 burst: 10 Widgets: ${CUT_NOTE}: controller-runtime runs off to 100.0 s</title>`);
    expect(seriesPaths(svg)).toHaveLength(3);
    // the time axis stops at 1.5 × the second slowest end (2.5 s), not at 100 s; the count axis ends at 10
    const ticks = texts(svg)
      .map(Number)
      .filter((n) => Number.isFinite(n));
    expect(Math.max(...ticks)).toBeLessThan(20);
  });

  it('draws S4 heap and RSS medians as a bar pair per peer, no bar where a peer has no figure', async () => {
    const svg = (await memoryChart(results())) ?? '';
    const words = texts(svg);
    expect(words).toEqual(
      expect.arrayContaining([
        'S4 memory growth per cached object (ConfigMaps ~1 KB + Widgets)',
        'bytes per cached object',
        'heap (after GC) per object',
        'RSS per object',
        'floor (raw)',
        'controller-runtime',
      ]),
    );
    // the bars' value labels: the medians over the repetitions, not the first or the mean
    expect(words).toEqual(expect.arrayContaining(['2000', '8000', '1234', '5678', '4321']));
    expect(words).not.toContain('1000');
    const bars = (colour: string) => svg.match(new RegExp(`<path d="M[^"]+Z"[^>]*fill="${colour}"`, 'g')) ?? [];
    expect(bars(PALETTE[0] ?? '')).toHaveLength(2 + 1); // two peers with a heap figure, one legend icon
    expect(bars(PALETTE[1] ?? '')).toHaveLength(3 + 1);
  });

  it('draws the charts the results have data for', async () => {
    const charts = await drawCharts(results());
    expect(charts.map((c) => [c.file, c.title])).toEqual([
      ['convergence-s2.svg', 'S2 burst: 10 Widgets'],
      ['memory-s4.svg', 'S4 memory growth per cached object'],
    ]);
  });
});
