/**
 * Every file `operant init` writes, from the project's names.
 * @module
 */
import { LAYOUT, renderProjectFile } from '../../scaffold/project-file.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import { appModule } from './app-module.js';
import { biomeConfig } from './biome-config.js';
import { swcrc, tsconfig, tsconfigTest } from './compiler-configs.js';
import type { InitContext } from './context.js';
import { dockerfile } from './dockerfile.js';
import { envtestScript } from './envtest-script.js';
import { dockerignore, gitignore } from './ignore-files.js';
import { jestConfig } from './jest-config.js';
import { kustomizeLists } from './kustomize-lists.js';
import { kustomizeManager } from './kustomize-manager.js';
import { kustomizeMetrics } from './kustomize-metrics.js';
import { kustomizeRbac } from './kustomize-rbac.js';
import { kustomizeSharding } from './kustomize-sharding.js';
import { mainEntry } from './main-entry.js';
import { managerSuite } from './manager-suite.js';
import { packageJson } from './package-json.js';
import { pnpmWorkspace } from './pnpm-workspace.js';
import { readme } from './readme.js';

export type { InitContext } from './context.js';

export function initFiles(context: InitContext): ScaffoldFile[] {
  const project = renderProjectFile({
    domain: context.domain,
    layout: [LAYOUT],
    multigroup: context.multigroup,
    namespaced: context.namespaced,
    projectName: context.name,
    version: '3',
  });
  return [
    { path: 'PROJECT', content: project },
    packageJson(context),
    pnpmWorkspace(context),
    tsconfig,
    tsconfigTest,
    swcrc,
    jestConfig,
    biomeConfig,
    gitignore,
    dockerignore,
    dockerfile,
    readme(context),
    mainEntry(context),
    appModule,
    { path: 'src/api/.gitkeep', content: '' },
    { path: 'src/controllers/.gitkeep', content: '' },
    managerSuite,
    envtestScript,
    ...kustomizeManager(context),
    ...kustomizeRbac(context),
    ...kustomizeMetrics(context),
    ...kustomizeSharding,
    ...kustomizeLists,
  ];
}
