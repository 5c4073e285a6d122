import { describe, expect, it } from '@jest/globals';
import { quantityValue, sameQuantity } from './quantity.js';

describe('quantities', () => {
  it('should read decimal, binary and exponent suffixes, and refuse what is no quantity', () => {
    expect(quantityValue('500m')).toBe(0.5);
    expect(quantityValue('1Gi')).toBe(2 ** 30);
    expect(quantityValue('2k')).toBe(2000);
    expect(quantityValue('1e3')).toBe(1000);
    expect(quantityValue('.5')).toBe(0.5);
    expect(quantityValue(3)).toBe(3);
    expect(quantityValue('1 Gi')).toBeUndefined();
    expect(quantityValue('abc')).toBeUndefined();
    expect(quantityValue('1Gb')).toBeUndefined();
    expect(quantityValue(true)).toBeUndefined();
  });

  it('should compare amounts: what the API server stores in its canonical form equals what was written', () => {
    expect(sameQuantity('0.5', '500m')).toBe(true);
    expect(sameQuantity('1024Mi', '1Gi')).toBe(true);
    expect(sameQuantity('1000m', '1')).toBe(true);
    expect(sameQuantity('0.1', '100m')).toBe(true);
    expect(sameQuantity('1G', '1Gi')).toBe(false);
    expect(sameQuantity('x', 'x')).toBe(false);
  });
});
