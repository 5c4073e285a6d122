/**
 * A small seeded random source (mulberry32): the same seed gives the same choices, so a
 * perturbed run replays from its seed.
 * @module
 */

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
  /** One of `items`. */
  pick<T>(items: readonly T[]): T;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return { next, below, pick: (items) => items[below(items.length)] as (typeof items)[number] };
}

/** `count` of `items`, chosen by `random` and kept in their order (all of them when there are fewer). */
export function sample<T>(items: readonly T[], count: number, random: Random): T[] {
  if (items.length <= count) return [...items];
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(random.below(items.length));
  return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
}
