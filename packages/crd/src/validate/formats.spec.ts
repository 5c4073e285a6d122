import { describe, expect, it } from '@jest/globals';
import { formatCases as cases } from '../../test/fixtures/format-cases.js';
import { formatChecker } from './formats.js';

// The same cases go to the real API server in test/validate-differential.int.spec.ts.

describe('formats as the API server checks them', () => {
  it.each(cases)('%s %j → %s', (format, value, valid) => {
    expect(formatChecker(format)?.(value)).toBe(valid);
  });

  it('ignores formats it does not port, as the server ignores unknown ones', () => {
    expect(formatChecker('isbn')).toBeUndefined();
    expect(formatChecker('credit-card')).toBeUndefined();
  });
});
