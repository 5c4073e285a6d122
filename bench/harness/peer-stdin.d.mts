/** Types of `peer-stdin.mjs` for the TypeScript peer. @module */
export const counters: { reconciles: number; writes: number };
export function serveMem(): void;
