/**
 * How a cost grows with the cluster: the exponent b of y ≈ a·N^b, fitted by least squares of
 * log(y) on log(N); the scale profile's points per (part, peer, N), medians over the
 * repetitions; and figures per object over the same peer at N = 0.
 * @module
 */
import { median } from './figures.mjs';

/**
 * The least-squares fit of log(y) on log(n) over the points with n > 0 and y > 0:
 * `{ exponent, r2, points }`, or undefined with fewer than two distinct n.
 */
export function fitExponent(points) {
  const logs = points
    .filter(([n, y]) => Number.isFinite(n) && Number.isFinite(y) && n > 0 && y > 0)
    .map(([n, y]) => [Math.log(n), Math.log(y)]);
  if (new Set(logs.map(([x]) => x)).size < 2) return undefined;
  const mx = logs.reduce((s, [x]) => s + x, 0) / logs.length;
  const my = logs.reduce((s, [, y]) => s + y, 0) / logs.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of logs) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  const exponent = sxy / sxx;
  // a flat cost (every log y equal up to rounding) is fitted exactly by b = 0
  const r2 = syy < 1e-18 ? 1 : (sxy * sxy) / (sxx * syy);
  return { exponent, r2, points: logs.length };
}

/** The sizes (`metrics.n`, or `n` of a failed run) the runs of one part cover, ascending. */
export const sizesOf = (runs, part) =>
  [...new Set(runs.filter((r) => r.scenario === part).map((r) => r.metrics?.n ?? r.n))]
    .filter((n) => n !== undefined)
    .sort((a, b) => a - b);

/** `[n, median of metrics[key]]` per size of one part and peer (sizes without a finite figure left out). */
export function seriesOf(runs, part, peer, key) {
  const out = [];
  for (const n of sizesOf(runs, part)) {
    const xs = runs
      .filter((r) => r.scenario === part && r.peer === peer && r.metrics?.n === n)
      .map((r) => r.metrics[key]);
    const m = median(xs);
    if (Number.isFinite(m)) out.push([n, m]);
  }
  return out;
}

/**
 * Sets each run's growth and per-object figures (RSS, heap) over the same peer's runs at
 * n = 0 (the median of their repetitions); the runs at n = 0 are the base. Returns `runs`.
 */
export function perObject(runs) {
  const base = (peer, key) => {
    const m = median(runs.filter((r) => r.peer === peer && r.metrics?.n === 0).map((r) => r.metrics[key]));
    return Number.isFinite(m) ? m : undefined;
  };
  for (const r of runs) {
    if (!r.metrics || r.metrics.n === 0) continue;
    const rss0 = base(r.peer, 'rssBytes');
    const heap0 = base(r.peer, 'heapBytes');
    const m = r.metrics;
    m.rssBaseBytes = rss0;
    m.heapBaseBytes = heap0;
    m.rssGrowthBytes = rss0 === undefined ? undefined : m.rssBytes - rss0;
    m.rssPerObject = rss0 === undefined ? undefined : (m.rssBytes - rss0) / m.n;
    m.heapGrowthBytes = heap0 === undefined || m.heapBytes === undefined ? undefined : m.heapBytes - heap0;
    m.heapPerObject = m.heapGrowthBytes === undefined ? undefined : m.heapGrowthBytes / m.n;
  }
  return runs;
}
