/**
 * `package.json`: ES modules, the `@operant/*` packages, and scripts named after
 * kubebuilder's Makefile targets (`install`/`uninstall` become `install-crds`/`uninstall-crds`:
 * npm and pnpm run a script named `install` on every install).
 * @module
 */
import { dependencyVersions, devDependencyVersions } from '../../scaffold/versions.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import type { InitContext } from './context.js';
import { manifestsScript } from './manager-scope.js';

export const scripts = {
  build: 'tsc -p tsconfig.json',
  lint: 'biome check .',
  format: 'biome check --write .',
  manifests: manifestsScript({}),
  'install-crds': 'kubectl apply -k config/crd',
  'uninstall-crds': 'kubectl delete -k config/crd --ignore-not-found',
  run: 'tsc -p tsconfig.json && node dist/main.js',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell expands it
  'docker-build': 'docker build -t ${IMG:-controller:latest} .',
  deploy: 'kubectl apply -k config/default',
  undeploy: 'kubectl delete -k config/default --ignore-not-found',
  // tests are type-checked first (swc, jest's transform, only strips types); arguments go to jest
  test: 'tsc -p tsconfig.test.json && node --experimental-vm-modules node_modules/jest/bin/jest.js',
  envtest: 'node scripts/envtest.mjs',
};

export function packageJson(context: InitContext): ScaffoldFile {
  const pkg = {
    name: context.name,
    version: '0.1.0',
    private: true,
    description: `${context.name}: a Kubernetes operator built with Operant`,
    ...(context.owner === undefined ? {} : { author: context.owner }),
    type: 'module',
    engines: { node: '>=22.19' },
    scripts: { ...scripts, manifests: manifestsScript(context) },
    dependencies: {
      ...dependencyVersions,
      '@operant/core': context.operant.core,
      '@operant/crd': context.operant.crd,
    },
    devDependencies: {
      ...devDependencyVersions,
      '@operant/cli': context.operant.cli,
      '@operant/testing': context.operant.testing,
    },
  };
  return { path: 'package.json', content: `${JSON.stringify(sortKeys(pkg), null, 2)}\n` };
}

function sortKeys<T extends object>(pkg: T): T {
  const sorted = (deps: Record<string, string>) =>
    Object.fromEntries(Object.entries(deps).sort(([a], [b]) => a.localeCompare(b)));
  const p = pkg as Record<string, unknown>;
  return {
    ...pkg,
    dependencies: sorted(p.dependencies as Record<string, string>),
    devDependencies: sorted(p.devDependencies as Record<string, string>),
  };
}
