/** Types of `api-report.mjs`, for the unit spec that runs it. */
export const repoRoot: string;
export const reportDir: string;
export const updateCommand: string;
export interface ApiReport {
  specifier: string;
  names: string[];
  text: string;
}
export function builtEntryPoints(root?: string): { specifier: string; file: string; dts: string; report: string }[];
export function apiReports(root?: string): Map<string, ApiReport>;
export function committedReports(dir?: string): Map<string, string>;
export function compareReports(
  current: Map<string, ApiReport>,
  committed: Map<string, string>,
): { changed: string[]; added: string[]; removed: string[] };
