/**
 * Where `create api` puts a kind's files, as kubebuilder lays out a single-group project
 * (`src/api/<version>/`, `src/controllers/`) and a multigroup one (`operant init
 * --multigroup`, PROJECT's `multigroup: true`: `src/api/<group>/<version>/`,
 * `src/controllers/<group>/`, `test/<group>/`), and the relative import specifiers between
 * them. The manifests script reads `src/api` and `src/controllers` recursively, so it
 * covers every group either way.
 * @module
 */
import { posix } from 'node:path';
import type { ResourceNames } from './names.js';

export interface SourcePaths {
  /** `src/api/v1` or `src/api/cache/v1`: the version's folder, with its `index.ts`. */
  apiDir: string;
  /** `src/controllers/rediscluster.controller.ts` or `src/controllers/cache/rediscluster.controller.ts` */
  controller: string;
  /** `test/rediscluster.controller.int.spec.ts` or `test/cache/rediscluster.controller.int.spec.ts` */
  suite: string;
  /** `rediscluster` or `cache_rediscluster`: the stem of the editor/viewer roles' files in config/rbac. */
  rbacRoleStem: string;
}

export function sourcePaths(names: ResourceNames, multigroup: boolean): SourcePaths {
  const group = multigroup ? `${names.group}/` : '';
  return {
    apiDir: `src/api/${group}${names.version}`,
    controller: `src/controllers/${group}${names.lower}.controller.ts`,
    suite: `test/${group}${names.lower}.controller.int.spec.ts`,
    rbacRoleStem: `${multigroup ? `${names.group}_` : ''}${names.lower}`,
  };
}

/** The ES module specifier of `to` (a project path, `.ts` or a folder's `index.ts`) from the file `from`. */
export function importPath(from: string, to: string): string {
  const target = to.replace(/\.ts$/, '.js');
  const relative = posix.relative(posix.dirname(from), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
}
