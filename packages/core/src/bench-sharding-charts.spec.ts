/**
 * The sharding simulation's SVG charts (`bench/sharding/charts.mjs`): keys moved per change, a
 * marker per change in its kind's colour beside the 1/N line; imbalance against the range
 * count on a log axis labelled with plain numbers, one line per statistic in increasing R.
 * @module
 */
import { describe, expect, it } from '@jest/globals';
import { COLOURS, imbalanceChart, movedChart } from '../../../bench/sharding/charts.mjs';

const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

/** The markers ECharts drew for series `index`: their fill and centre. */
function markers(svg: string, index: number) {
  const re = new RegExp(
    `<path d="[^"]+" transform="matrix\\([\\d.]+,0,0,[\\d.]+,([\\d.]+),([\\d.]+)\\)" fill="(#[0-9a-f]{6})" ecmeta_series_index="${index}" ecmeta_data_index="\\d+" ecmeta_ssr_type="chart"`,
    'g',
  );
  return [...svg.matchAll(re)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), fill: m[3] }));
}

/** The lines ECharts drew in the plot's clip group: their stroke and points. */
function lines(svg: string) {
  return [...svg.matchAll(/<g clip-path="url\(#[^"]+\)">\s*<path d="([^"]+)"[^>]*? stroke="(#[0-9a-f]{6})"/g)].map(
    (m) => ({
      stroke: m[2],
      points: [...(m[1] ?? '').matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((p) => [Number(p[1]), Number(p[2])]),
    }),
  );
}

describe('sharding simulation charts', () => {
  it('draws a marker per change in its kind colour beside the 1/N line, with axis names and legend', async () => {
    const rows = [
      { kind: 'join', movedFraction: 0.01, expectedFraction: 0.01 },
      { kind: 'leave', movedFraction: 0.012, expectedFraction: 0.0101 },
      { kind: 'failure', movedFraction: 0.008, expectedFraction: 0.0102 },
      { kind: 'join', movedFraction: 0.014, expectedFraction: 0.0101 },
      { kind: 'leave', movedFraction: 0.009, expectedFraction: 0.0102 },
      { kind: 'join', movedFraction: 0.011, expectedFraction: 0.0101 },
    ];
    const svg = await movedChart({ rows, ranges: 4096, keys: 1_000_000 });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('<title>Keys moved per change (R = 4096, 1,000,000 keys)</title>');
    expect(svg).not.toContain('<style');
    expect(texts(svg)).toEqual(
      expect.arrayContaining(['change #', 'fraction of keys moved', 'join', 'leave', 'failure', '1/N']),
    );
    const joins = markers(svg, 0);
    expect(joins.map((m) => m.fill)).toEqual([COLOURS.join, COLOURS.join, COLOURS.join]);
    expect(markers(svg, 1).map((m) => m.fill)).toEqual([COLOURS.leave, COLOURS.leave]);
    expect(markers(svg, 2).map((m) => m.fill)).toEqual([COLOURS.failure]);
    // changes 1, 4 and 6: the first on the y axis, the last at the plot's right end; more moved is higher
    expect(joins.map((m) => m.x)).toEqual([80, 80 + (3 / 5) * 460, 540].map((x) => expect.closeTo(x, 1)));
    const [first, fourth] = joins;
    expect(fourth?.y).toBeLessThan(first?.y ?? 0);
    const expected = lines(svg);
    expect(expected.map((l) => l.stroke)).toEqual([COLOURS.expected]);
    expect(expected[0]?.points).toHaveLength(rows.length);
  });

  it('draws imbalance against R on a log axis, one line per statistic in increasing R', async () => {
    const summary = (ranges: number, start: number) => ({
      ranges,
      startImbalance: start,
      meanImbalance: start - 0.1,
      maxImbalance: start + 0.2,
    });
    // a --detail outside --ranges is run last: the chart sorts by R
    const summaries = [summary(256, 2.7), summary(1024, 2.3), summary(16384, 1.2), summary(4096, 1.3)];
    const svg = await imbalanceChart({ summaries, members: 100 });
    expect(svg).toContain('<title>Imbalance (max/mean keys per member) vs ranges R, 100 members</title>');
    const words = texts(svg);
    expect(words).toEqual(
      expect.arrayContaining([
        'ranges R (log scale)',
        'max / mean',
        'at start',
        'mean over changes',
        'worst',
        '256',
        '1024',
        '4096',
        '16384',
      ]),
    );
    expect(words).not.toContain('1,024');
    const drawn = lines(svg);
    expect(drawn.map((l) => l.stroke)).toEqual([COLOURS.join, COLOURS.leave, COLOURS.failure]);
    for (const { points } of drawn) {
      const xs = points.map(([x]) => x ?? 0);
      // log 2 spacing: 256, 1024, 4096, 16384 are evenly apart
      expect(xs).toEqual([80, 80 + 460 / 3, 80 + (2 * 460) / 3, 540].map((x) => expect.closeTo(x, 0)));
    }
    // the y axis starts at 1: its label at the plot's bottom (400 px high, 60 px below)
    expect(svg).toMatch(/<text [^>]*?text-anchor="end"[^>]*? transform="translate\(72 340\)"[^>]*>1<\/text>/);
  });
});
