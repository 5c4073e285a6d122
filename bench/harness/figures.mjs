/**
 * Figures as the bench's reports and charts print them: the median over repetitions (finite
 * values only), a number to a fixed precision or in MiB, a median with its [min–max], a ratio,
 * what went wrong in a run.
 * @module
 */

/** The median of the finite values, NaN when there are none. */
export const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** `v` with `f` decimals (grouped thousands), or in MiB with one when `f` is `'MiB'`; `–` when not finite. */
export const fmt = (v, f) => {
  if (v === undefined || v === null || !Number.isFinite(v)) return '–';
  if (f === 'MiB') return (v / 2 ** 20).toFixed(1);
  return v.toLocaleString('en-US', { minimumFractionDigits: f, maximumFractionDigits: f });
};

/** The median of the finite values with [min–max] when there are several (⚠ past 10 % of the median). */
export function medianCell(values, f) {
  const xs = values.filter((x) => Number.isFinite(x));
  if (xs.length === 0) return { text: '–', median: Number.NaN };
  const m = median(xs);
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const noisy = xs.length > 1 && m !== 0 && (hi - lo) / Math.abs(m) > 0.1;
  const range = xs.length > 1 ? ` [${fmt(lo, f)}–${fmt(hi, f)}]${noisy ? ' ⚠' : ''}` : '';
  return { text: `${fmt(m, f)}${range}`, median: m };
}

/** `a ÷ b` as `1.23×`, `–` when either is missing or b is 0. */
export const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? `${(a / b).toFixed(2)}×` : '–');

/** What went wrong in a run: its error, or that it did not converge and how the peer exited. */
export const problemOf = (run) =>
  run.error ??
  [run.metrics.ok ? '' : 'did not converge / incomplete', run.metrics.exit ?? ''].filter(Boolean).join('; ');
