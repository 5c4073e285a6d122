/**
 * `jest.config.js`: TypeScript through `@swc/jest`, ES modules, and Operant's global setup,
 * which starts one envtest control plane (etcd, kube-apiserver, kube-controller-manager)
 * with the CRDs of `config/crd/bases` installed, as kubebuilder's `suite_test.go` does.
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const jestConfig: ScaffoldFile = {
  path: 'jest.config.js',
  content: `// Unit specs (src/**/*.spec.ts) and envtest suites (test/**/*.spec.ts) run against one
// control plane that Operant's global setup starts with the CRDs of config/crd/bases
// (\`pnpm manifests\` writes them: run it after changing an API). The binaries come from
// ~/.cache/operant/envtest, KUBEBUILDER_ASSETS or setup-envtest's store.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const crds = fileURLToPath(new URL('./config/crd/bases', import.meta.url));
if (existsSync(crds)) process.env.OPERANT_ENVTEST_CRDS ??= crds;
process.env.OPERANT_LOG_LEVEL ??= 'warn';
// jest does not read package exports for these two: resolve them here
const fromTesting = (path) => fileURLToPath(import.meta.resolve(\`@operant/testing/jest/\${path}\`));

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\\\.ts$': ['@swc/jest'] },
  moduleNameMapper: { '^(\\\\.{1,2}/.*)\\\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  globalSetup: fromTesting('global-setup'),
  globalTeardown: fromTesting('global-teardown'),
  testTimeout: 60_000,
};
`,
};
