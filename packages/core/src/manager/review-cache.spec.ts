/** The review cache on a stepped clock: entries expire at their own TTL; the least recently used goes first. */
import { describe, expect, it } from '@jest/globals';
import { ReviewCache } from './review-cache.js';

describe('ReviewCache', () => {
  it('answers until the TTL of each entry passes', () => {
    let now = 0;
    const cache = new ReviewCache<boolean>({ now: () => now });
    cache.set('allowed', true, 300_000);
    cache.set('denied', false, 30_000);
    now = 29_999;
    expect([cache.get('allowed'), cache.get('denied')]).toEqual([true, false]);
    now = 30_000;
    expect([cache.get('allowed'), cache.get('denied')]).toEqual([true, undefined]);
    now = 300_000;
    expect(cache.get('allowed')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const cache = new ReviewCache<number>({ maxEntries: 2 });
    cache.set('a', 1, 60_000);
    cache.set('b', 2, 60_000);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('c', 3, 60_000);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    expect(cache.size).toBe(2);
  });
});
