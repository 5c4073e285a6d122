/** Types of `growth.mjs` for the unit spec. @module */
export interface ScaleRun {
  scenario: string;
  peer: string;
  rep: number;
  n?: number;
  error?: string;
  metrics?: { n: number; ok?: boolean; exit?: string; [key: string]: unknown };
}
export function fitExponent(points: [number, number][]): { exponent: number; r2: number; points: number } | undefined;
export function sizesOf(runs: ScaleRun[], part: string): number[];
export function seriesOf(runs: ScaleRun[], part: string, peer: string, key: string): [number, number][];
export function perObject<T extends ScaleRun[]>(runs: T): T;
