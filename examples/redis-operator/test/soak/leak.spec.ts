import { describe, expect, it } from '@jest/globals';
import { leakVerdict } from './leak.js';

const MiB = 1024 * 1024;
const run = (heap: (minute: number) => number) =>
  Array.from({ length: 60 }, (_, i) => ({ t: i * 10_000, heapUsed: heap((i * 10_000) / 60_000) }));

describe('leakVerdict', () => {
  it('flags steady growth above the slope', () => {
    const verdict = leakVerdict(run((m) => 40 * MiB + m * 3 * MiB + (m % 1) * 0.1 * MiB));
    expect(verdict.leak).toBe(true);
    expect(verdict.slopeBytesPerMin).toBeGreaterThan(2.5 * MiB);
  });

  it('does not flag a flat heap with noise and a one-off step', () => {
    const verdict = leakVerdict(run((m) => 40 * MiB + (m > 7 ? 2 * MiB : 0) + Math.sin(m * 20) * MiB));
    expect(verdict.leak).toBe(false);
  });

  it('does not flag a short run whose steep slope adds up to a MiB', () => {
    const short = Array.from({ length: 20 }, (_, i) => ({ t: i * 10_000, heapUsed: 45 * MiB + i * 0.25 * MiB }));
    const verdict = leakVerdict(short);
    expect(verdict.slopeBytesPerMin).toBeGreaterThan(MiB);
    expect(verdict.leak).toBe(false);
  });

  it('does not judge with fewer than three samples', () => {
    expect(
      leakVerdict([
        { t: 0, heapUsed: 1 },
        { t: 10_000, heapUsed: 100 * MiB },
      ]).leak,
    ).toBe(false);
  });
});
