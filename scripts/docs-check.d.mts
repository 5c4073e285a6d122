/** Types of `docs-check.mjs`, for the unit spec that runs it. */
import type ts from 'typescript';

export const repoRoot: string;
export const mappingFile: string;
export function entryPoints(root?: string): { specifier: string; file: string; dts: string }[];
export function publicNames(root?: string): Map<string, Map<string, ts.Symbol>>;
export function nameOf(code: string): string | undefined;
export function mappingNames(markdown: string): Map<string, { listed: Set<string>; checked: Set<string> }>;
export function compareMapping(
  exported: Map<string, Map<string, ts.Symbol>>,
  tables: Map<string, { listed: Set<string>; checked: Set<string> }>,
): { missing: string[]; unknown: string[] };
