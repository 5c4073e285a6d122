import { describe, expect, it } from '@jest/globals';
import { parseGeneratedReplay } from './generated.js';
import { TortureError } from './torture-error.js';

describe('parseGeneratedReplay', () => {
  it("reads fast-check's seed and path", () => {
    expect(parseGeneratedReplay('generated:42:3:0:1')).toEqual({ seed: 42, path: '3:0:1' });
    expect(parseGeneratedReplay(' generated:-7:0 ')).toEqual({ seed: -7, path: '0' });
  });

  it('refuses a perturbation replay, or one without a path', () => {
    for (const replay of ['crash:1:after-1', 'generated:1', 'generated:x:0', 'generated:1:0:']) {
      const err = (() => {
        try {
          parseGeneratedReplay(replay);
        } catch (e) {
          return e;
        }
      })();
      expect(TortureError.is(err, 'invalidReplay')).toBe(true);
    }
  });
});
