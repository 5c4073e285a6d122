/** Types of `docs-links.mjs`, for the unit spec that runs it. */
export const repoRoot: string;
export function markdownFiles(root?: string): string[];
export function relativeLinks(markdown: string): string[];
export function checkLinks(root?: string): { unlinked: string[]; broken: string[] };
