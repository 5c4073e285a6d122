/**
 * `jest.config.js`: TypeScript through `@swc/jest`, ES modules, and two projects: `unit`
 * (`src/**\/*.spec.ts`, no cluster) and `integration` (`test/**\/*.spec.ts`), whose global
 * setup starts one envtest control plane (etcd, kube-apiserver, kube-controller-manager)
 * with the CRDs of `config/crd/bases` installed, as kubebuilder's `suite_test.go` does.
 * jest runs a project's global setup only when a test of that project is selected, so a
 * unit-only run (`pnpm test --selectProjects unit`, or a path under `src/`) starts no
 * control plane.
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const jestConfig: ScaffoldFile = {
  path: 'jest.config.js',
  content: `// Two projects: "unit" (src/**/*.spec.ts, no cluster) and "integration" (test/**/*.spec.ts),
// whose suites share one control plane that Operant's global setup starts with the CRDs of
// config/crd/bases (\`pnpm manifests\` writes them: run it after changing an API). jest runs
// that setup only when an integration suite is selected: \`pnpm test --selectProjects unit\`
// starts no control plane. The binaries come from ~/.cache/operant/envtest,
// KUBEBUILDER_ASSETS or setup-envtest's store.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const crds = fileURLToPath(new URL('./config/crd/bases', import.meta.url));
if (existsSync(crds)) process.env.OPERANT_ENVTEST_CRDS ??= crds;
process.env.OPERANT_LOG_LEVEL ??= 'warn';
// jest does not read package exports for these two: resolve them here
const fromTesting = (path) => fileURLToPath(import.meta.resolve(\`@operant/testing/jest/\${path}\`));

const shared = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\\\.ts$': ['@swc/jest'] },
  moduleNameMapper: { '^(\\\\.{1,2}/.*)\\\\.js$': '$1' },
};

/** @type {import('jest').Config} */
export default {
  // jest reads testTimeout from the global config, not from a project's
  testTimeout: 60_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.spec.ts'],
      globalSetup: fromTesting('global-setup'),
      globalTeardown: fromTesting('global-teardown'),
    },
  ],
};
`,
};
