/**
 * The soak's leak rule. Over the second half of the run (after warm-up), fit a line to the
 * heap used after a full GC. It is a leak when the heap grows steadily: the slope is above
 * `maxSlopeBytesPerMin` (default 1 MiB/min), the fit explains the data (R² ≥ 0.6), so
 * one-off steps such as a relist after an API server restart do not count, and the growth
 * the fit implies over that half is at least 5% of the mean heap (in a short run, a slope
 * above the threshold can come from a MiB of noise).
 * @module
 */
export interface LeakVerdict {
  slopeBytesPerMin: number;
  r2: number;
  samples: number;
  leak: boolean;
}

export function leakVerdict(points: { t: number; heapUsed: number }[], maxSlopeBytesPerMin = 1024 * 1024): LeakVerdict {
  const half = points.slice(Math.floor(points.length / 2));
  const n = half.length;
  if (n < 3) return { slopeBytesPerMin: 0, r2: 0, samples: n, leak: false };
  const xs = half.map((p) => p.t / 60_000);
  const ys = half.map((p) => p.heapUsed);
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const r2 = sxx === 0 || syy === 0 ? 0 : (sxy * sxy) / (sxx * syy);
  const growth = slope * ((xs[n - 1] as number) - (xs[0] as number));
  const leak = slope > maxSlopeBytesPerMin && r2 >= 0.6 && growth >= 0.05 * my;
  return { slopeBytesPerMin: slope, r2, samples: n, leak };
}
