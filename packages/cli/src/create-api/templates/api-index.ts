/**
 * `src/api/[<group>/]<version>/index.ts`: re-exports every kind of one API version. `create api`
 * writes it for the first kind of a version and adds a line for each next one.
 * @module
 */
import type { ResourceNames } from '../../scaffold/names.js';
import type { SourcePaths } from '../../scaffold/source-layout.js';

export const apiIndexPath = (paths: SourcePaths) => `${paths.apiDir}/index.ts`;

export const apiIndexLine = (names: ResourceNames) => `export * from './${names.lower}.types.js';`;

export function apiIndexHeader(names: ResourceNames): string {
  return `/**
 * The kinds of ${names.qualifiedGroup}/${names.version}.
 * @module
 */
`;
}
