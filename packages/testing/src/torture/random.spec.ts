import { describe, expect, it } from '@jest/globals';
import { sample, seededRandom } from './random.js';

describe('seededRandom', () => {
  it('gives the same choices for the same seed, and others for another', () => {
    const draw = (seed: number) => Array.from({ length: 8 }, (_, i) => seededRandom(seed + i).below(1000));
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
  });

  it('samples in order, without repeats, and keeps everything when there are few', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const chosen = sample(items, 5, seededRandom(3));
    expect(chosen).toHaveLength(5);
    expect([...chosen].sort((a, b) => a - b)).toEqual(chosen);
    expect(new Set(chosen).size).toBe(5);
    expect(sample(items, 5, seededRandom(3))).toEqual(chosen);
    expect(sample(['a', 'b'], 5, seededRandom(3))).toEqual(['a', 'b']);
  });
});
