import { describe, expect, it } from '@jest/globals';
import { formatMicroTime, formatTime, parseTime } from './time.js';

describe('formatTime', () => {
  it('should write RFC 3339 in whole seconds, truncating the fraction as metav1.Time does', () => {
    expect(formatTime(new Date('2026-12-04T19:00:00.999Z'))).toBe('2026-12-04T19:00:00Z');
  });
});

describe('formatMicroTime', () => {
  it('should write six fractional digits, as metav1.MicroTime does', () => {
    expect(formatMicroTime(new Date('2026-12-04T19:00:00.123Z'))).toBe('2026-12-04T19:00:00.123000Z');
  });
});

describe('parseTime', () => {
  it('should read what the API server writes for Time and MicroTime fields', () => {
    expect(parseTime('2026-12-04T19:00:00Z').getTime()).toBe(Date.UTC(2026, 11, 4, 19, 0, 0));
    expect(parseTime('2026-12-04T19:00:00.123456Z').getTime()).toBe(Date.UTC(2026, 11, 4, 19, 0, 0, 123));
  });

  it('should read back what formatTime and formatMicroTime write', () => {
    const at = new Date('2026-12-04T19:00:00.123Z');
    expect(parseTime(formatTime(at)).getTime()).toBe(Date.UTC(2026, 11, 4, 19, 0, 0));
    expect(parseTime(formatMicroTime(at))).toEqual(at);
  });

  it('should keep an absent field absent', () => {
    expect(parseTime(undefined)).toBeUndefined();
  });
});
