/** Types of `import-circles.mjs`, for the unit spec that runs it. */
export const repoRoot: string;
export function sourceFiles(root?: string): Map<string, string>;
export function importGraph(files: Map<string, string>): Map<string, string[]>;
export function circles(graph: Map<string, string[]>): string[];
export function folderOf(path: string): string;
export function folderGraph(graph: Map<string, string[]>): {
  folders: Map<string, string[]>;
  behind: Map<string, string[]>;
};
export function folderCircles(graph: Map<string, string[]>): string[];
