/** Types of `charts.mjs` for the unit spec. @module */
export interface ChartResults {
  peers: Record<string, { label: string }>;
  sizes?: Record<string, { n?: number }>;
  runs: {
    scenario: string;
    peer: string;
    rep: number;
    metrics?: {
      timeline?: [number, number][];
      heapPerObject?: number;
      rssPerObject?: number;
      n?: number;
      seconds?: number;
      peakRssBytes?: number;
    };
  }[];
}
export interface Chart {
  file: string;
  title: string;
  svg: string;
}
export const PALETTE: string[];
export const CUT_NOTE: string;
export function convergenceChart(results: ChartResults, scenario: string, title: string): Promise<string | undefined>;
export function memoryChart(results: ChartResults): Promise<string | undefined>;
export function scaleChart(results: ChartResults): Promise<string | undefined>;
export function drawCharts(results: ChartResults): Promise<Chart[]>;
export function writeCharts(dir: string, results: ChartResults): Promise<{ file: string; title: string }[]>;
