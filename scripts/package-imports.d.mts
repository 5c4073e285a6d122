/** Types of `package-imports.mjs`, for the unit spec that runs it. */
export const repoRoot: string;
export interface WorkspacePackage {
  dir: string;
  manifest: {
    name: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
}
export function workspacePackages(root?: string): WorkspacePackage[];
export function packageName(specifier: string): string | undefined;
export function importedPackages(root: string, dir: string): Map<string, string[]>;
export function undeclaredImports(root?: string): string[];
