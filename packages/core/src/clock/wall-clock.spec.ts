import { describe, expect, it } from '@jest/globals';
import { wallClock } from './wall-clock.js';

describe('wallClock', () => {
  it('tells the time of day: within a second of Date.now()', () => {
    expect(Math.abs(wallClock.now() - Date.now())).toBeLessThan(1000);
  });

  it('reads as a date of this century, not of 1970', () => {
    expect(new Date(wallClock.now()).getUTCFullYear()).toBeGreaterThanOrEqual(2000);
  });
});
