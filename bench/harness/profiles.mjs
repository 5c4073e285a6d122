/**
 * Sizes per profile. `quick` (`pnpm bench`) takes minutes; `full` (`pnpm bench --full`)
 * runs every peer (sizes cut to fit a 2-core machine shared with other work; `--scale 2`
 * doubles N, `--reps` sets the repetitions); `smoke` (CI) runs Operant and the floor with tiny N to keep the harness
 * from rotting, without asserting timings. `scale` (`--profile scale`, 1–1.5 h) runs the floor,
 * Operant and controller-runtime at growing N (`scale.mjs`); `--scale-ns`, `--scale-configmaps`
 * and `--scale-cold-ns` set its sizes.
 * @module
 */
export const PROFILES = {
  smoke: {
    peers: ['floor', 'operant-builder'],
    // S5 (an apiserver restart, ~40 s per peer) is left to the quick and full profiles
    scenarios: ['S1', 'S2', 'S3', 'S4', 'S6', 'S7'],
    reps: 1,
    workers: 16,
    timeoutMs: 60_000,
    S1: { n: 40 },
    S2: { n: 40 },
    S3: { n: 20, rate: 10, seconds: 2 },
    S4: { n: 20, configMaps: 100 },
    S5: { n: 40 },
    S6: { n: 40 },
    S7: { n: 10, idleSeconds: 2, changes: 1, gapSeconds: 1 },
    S8: { n: 40, workers: 1 },
  },
  quick: {
    peers: ['floor', 'operant-builder', 'operant-decorators', 'cr-tuned'],
    reps: 1,
    workers: 16,
    timeoutMs: 180_000,
    S1: { n: 500 },
    S2: { n: 500 },
    S3: { n: 100, rate: 20, seconds: 15 },
    S4: { n: 200, configMaps: 1000 },
    S5: { n: 500 },
    S6: { n: 500 },
    S7: { n: 50, idleSeconds: 30, changes: 2, gapSeconds: 5 },
    S8: { n: 1000, workers: 1 },
  },
  full: {
    peers: ['floor', 'operant-builder', 'operant-decorators', 'cr-tuned', 'cr-default', 'client-node', 'dot-i', 'kopf'],
    reps: 3,
    workers: 16,
    timeoutMs: 300_000,
    S1: { n: 1000 },
    S2: { n: 1000 },
    S3: { n: 300, rate: 20, seconds: 20 },
    S4: { n: 500, configMaps: 3000 },
    S5: { n: 500 },
    S6: { n: 1000 },
    S7: { n: 100, idleSeconds: 120, changes: 3, gapSeconds: 10 },
    // the size: 10,000 listed at start; every peer at its default of 1 worker
    S8: { n: 10000, workers: 1 },
  },
  scale: {
    peers: ['floor', 'operant-builder', 'cr-tuned'],
    scenarios: ['scale-burst', 'scale-cache', 'scale-cold'],
    reps: 1,
    workers: 16,
    timeoutMs: 1_800_000,
    // per N: a burst of N Widgets to convergence, then S3's churn (rate/s for seconds)
    'scale-burst': { ns: [1000, 5000, 20000], rate: 20, seconds: 20 },
    // one control plane; ConfigMaps created up to each size, `concurrency` requests in flight
    'scale-cache': { configMaps: [10000, 30000, 100000], concurrency: 64 },
    'scale-cold': { ns: [1000, 20000] },
  },
};
