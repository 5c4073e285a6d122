/** Types of `scale-report.mjs` for the unit spec. @module */
import type { ScaleRun } from './growth.mjs';
export interface ScaleResults {
  peers: Record<string, { label: string }>;
  sizes?: Record<string, object>;
  runs: ScaleRun[];
}
export const SCALE_TABLES: Record<
  string,
  { title: string; size: string; columns: [string, string, number | string][] }
>;
export const GROWTH: [string, string, string][];
export function growthTable(results: ScaleResults): string;
export function scaleSection(results: ScaleResults): string;
