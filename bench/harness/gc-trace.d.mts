/** Types of `gc-trace.mjs` for the unit spec. @module */
export interface GcKind {
  count: number;
  pauseMs: number;
  promotedMiB: number;
}
export function summarize(text: string): { kinds: Record<string, GcKind>; newSpaceMiB: number | undefined };
