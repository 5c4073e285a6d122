import { describe, expect, it } from '@jest/globals';
import { durationFromEnv, parseGoDuration } from './duration.js';

describe('parseGoDuration', () => {
  it.each([
    ['20s', 20_000],
    ['1m30s', 90_000],
    ['500ms', 500],
    ['1.5h', 5_400_000],
    ['2m0.5s', 120_500],
    ['0', 0],
  ])('parses %s as %d ms', (text, ms) => {
    expect(parseGoDuration(text)).toBe(ms);
  });

  it.each(['', '10', 'abc', '5 s', '1m30', 's'])('rejects %p naming the source', (text) => {
    expect(() => parseGoDuration(text, 'KUBEBUILDER_CONTROLPLANE_START_TIMEOUT')).toThrow(
      /unable to parse KUBEBUILDER_CONTROLPLANE_START_TIMEOUT/,
    );
  });

  it('falls back when the variable is unset or empty', () => {
    expect(durationFromEnv({}, 'X', 42)).toBe(42);
    expect(durationFromEnv({ X: '' }, 'X', 42)).toBe(42);
    expect(durationFromEnv({ X: '2s' }, 'X', 42)).toBe(2000);
  });
});
