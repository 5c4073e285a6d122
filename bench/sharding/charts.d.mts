/** Types of `charts.mjs`, for the unit spec that checks it. @module */
export const COLOURS: { join: string; leave: string; failure: string; expected: string };
export function movedChart(options: {
  rows: { kind: string; movedFraction: number; expectedFraction: number }[];
  ranges: number;
  keys: number;
}): Promise<string>;
export function imbalanceChart(options: {
  summaries: { ranges: number; startImbalance: number; meanImbalance: number; maxImbalance: number }[];
  members: number;
}): Promise<string>;
