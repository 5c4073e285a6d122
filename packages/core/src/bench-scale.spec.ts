/**
 * The side-by-side bench's scale profile, without a cluster: the growth exponent fitted by
 * least squares of log(y) on log(N) (`bench/harness/growth.mjs`), figures per object over the
 * same peer at N = 0, the report section (`scale-report.mjs`) and the log-log chart
 * (`charts.mjs`).
 * @module
 */
import { describe, expect, it } from '@jest/globals';
import { PALETTE, scaleChart } from '../../../bench/harness/charts.mjs';
import { fitExponent, perObject, type ScaleRun, seriesOf, sizesOf } from '../../../bench/harness/growth.mjs';
import { growthTable, type ScaleResults, scaleSection } from '../../../bench/harness/scale-report.mjs';

const peers = {
  floor: { label: 'floor (raw)' },
  'operant-builder': { label: 'Operant (builder)' },
  'cr-tuned': { label: 'controller-runtime (tuned-equal)' },
};

/** A burst run at `n` Widgets whose converge time is `k`·n^`b` seconds and RSS grows 2 KiB per Widget. */
const burst = (peer: string, n: number, k: number, b: number, rep = 0): ScaleRun => ({
  scenario: 'scale-burst',
  peer,
  rep,
  metrics: {
    n,
    ok: true,
    seconds: k * n ** b,
    cpuSeconds: 0.001 * n,
    cpuSecondsPer1k: 1,
    peakRssBytes: 2 ** 20 * (50 + n / 100),
    rssGrowthBytes: 2048 * n,
    rssPerObject: 2048,
    p50Ms: 10,
    p99Ms: 40,
  },
});

function results(): ScaleResults {
  return {
    peers,
    sizes: { 'scale-burst': { ns: [100, 1000, 10000], rate: 20, seconds: 20 } },
    runs: [100, 1000, 10000].flatMap((n) => [
      burst('floor', n, 0.01, 1),
      burst('operant-builder', n, 0.002, 1.25),
      burst('cr-tuned', n, 0.02, 1),
    ]),
  };
}

describe('growth exponent', () => {
  it('recovers b of y = a·N^b exactly, with r² 1', () => {
    const fit = fitExponent([1000, 5000, 20000].map((n) => [n, 3 * n ** 1.5]));
    expect(fit?.exponent).toBeCloseTo(1.5, 10);
    expect(fit?.r2).toBeCloseTo(1, 10);
    expect(fit?.points).toBe(3);
  });

  it('is the least-squares slope in log-log space when the points do not lie on a line', () => {
    // log-log points (0, 0), (1, 2), (2, 2) in base e: slope 1, r² 0.75
    const e = Math.E;
    const fit = fitExponent([
      [1, 1],
      [e, e ** 2],
      [e ** 2, e ** 2],
    ]);
    expect(fit?.exponent).toBeCloseTo(1, 10);
    expect(fit?.r2).toBeCloseTo(0.75, 10);
  });

  it('leaves out points that have no logarithm and needs two distinct sizes', () => {
    expect(fitExponent([[1000, 5]])).toBeUndefined();
    expect(
      fitExponent([
        [1000, 5],
        [1000, 6],
      ]),
    ).toBeUndefined();
    const fit = fitExponent([
      [0, 7],
      [10, 0],
      [100, Number.NaN],
      [10, 10],
      [1000, 1000],
    ]);
    expect(fit?.points).toBe(2);
    expect(fit?.exponent).toBeCloseTo(1, 10);
  });
});

describe('scale figures per size', () => {
  it('takes the median of the repetitions at each size, sizes ascending, failed runs by their n', () => {
    const runs: ScaleRun[] = [
      burst('floor', 1000, 1, 1, 0),
      burst('floor', 1000, 3, 1, 1),
      burst('floor', 1000, 10, 1, 2),
      burst('floor', 100, 1, 1),
      { scenario: 'scale-burst', peer: 'floor', rep: 0, n: 50, error: 'unable to start' },
    ];
    expect(sizesOf(runs, 'scale-burst')).toEqual([50, 100, 1000]);
    expect(seriesOf(runs, 'scale-burst', 'floor', 'seconds')).toEqual([
      [100, 100],
      [1000, 3000],
    ]);
  });

  it('sets RSS and heap per object over the same peer at N = 0', () => {
    const run = (peer: string, n: number, rssBytes: number, heapBytes?: number): ScaleRun => ({
      scenario: 'scale-cache',
      peer,
      rep: 0,
      metrics: { n, ok: true, rssBytes, heapBytes },
    });
    const runs = perObject([
      run('a', 0, 100_000, 10_000),
      run('b', 0, 50_000),
      run('a', 1000, 1_100_000, 2_010_000),
      run('b', 1000, 150_000),
    ]);
    expect(runs[2]?.metrics).toMatchObject({ rssPerObject: 1000, heapPerObject: 2000, rssGrowthBytes: 1_000_000 });
    expect(runs[3]?.metrics).toMatchObject({ rssPerObject: 100, heapPerObject: undefined });
    expect(runs[0]?.metrics?.rssPerObject).toBeUndefined();
  });
});

describe('scale report section', () => {
  it('prints a row per size and peer with the headline ÷ controller-runtime, and the exponents side by side', () => {
    const text = scaleSection(results());
    expect(text).toContain('## Scale: cost growth with N');
    const rows = text.split('\n').filter((l) => /^\| [\d,]+ \|/.test(l));
    expect(rows).toHaveLength(9);
    // 10,000 Widgets, Operant: 0.002 · 10000^1.25 = 200 s against controller-runtime's 200 s
    expect(rows).toContain(
      '| 10,000 | Operant (builder) | 200.00 | 1.00 | 150.0 | 2,048 | – | 10.0 | 40.0 | 1.00× | 1/1 |',
    );
    expect(rows).toContain('| 100 | floor (raw) | 1.00 | 1.00 | 51.0 | 2,048 | – | 10.0 | 40.0 | 0.50× | 1/1 |');
    const growth = growthTable(results()).split('\n');
    expect(growth).toContain('| cost | floor (raw) | Operant (builder) | controller-runtime (tuned-equal) |');
    expect(growth).toContain('| burst: time until N Widgets converged | 1.00 (1.00) | 1.25 (1.00) | 1.00 (1.00) |');
    expect(growth).toContain('| churn p99 | 0.00 (1.00) | 0.00 (1.00) | 0.00 (1.00) |');
    // parts that did not run have no rows
    expect(growth.some((l) => l.startsWith('| ConfigMaps'))).toBe(false);
  });

  it('lists failed and incomplete runs, and is empty without scale runs', () => {
    const r = results();
    r.runs.push({ scenario: 'scale-cold', peer: 'cr-tuned', rep: 0, n: 20000, error: 'unable to start' });
    const text = scaleSection(r);
    expect(text).toContain('- controller-runtime (tuned-equal), N = 20,000, rep 0: unable to start');
    expect(text).toContain('| 20,000 | controller-runtime (tuned-equal) | – | – | – | – | – | 0/1 |');
    expect(scaleSection({ peers, runs: [{ scenario: 'S2', peer: 'floor', rep: 0, metrics: { n: 1 } }] })).toBe('');
  });
});

describe('scale chart', () => {
  it('draws converge time and peak RSS against N on log axes, one line per peer in each panel', async () => {
    const svg = (await scaleChart(results())) ?? '';
    expect(svg).toContain('<title>Scale: burst of N Widgets, time to converge and peak RSS (log-log)</title>');
    const words = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(words).toEqual(
      expect.arrayContaining(['N Widgets', 'seconds to converge', 'peak RSS MiB', 'Operant (builder)', '10,000']),
    );
    // the series' lines (the legend's icons are 2 px wide): two per peer, in the peer's colour
    const strokes = [
      ...svg.matchAll(/<path d="M[^"]+" fill="none"[^>]* stroke="(#[0-9a-f]{6})" stroke-width="1.8"/g),
    ].map((m) => m[1]);
    expect(strokes).toEqual(PALETTE.slice(0, 3).flatMap((c) => [c, c]));
  });

  it('draws nothing with a single size', async () => {
    const r = results();
    r.runs = r.runs.filter((x) => x.metrics?.n === 100);
    expect(await scaleChart(r)).toBeUndefined();
  });
});
