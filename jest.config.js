// Two jest projects: "unit" (src/**/*.spec.ts, no cluster) and "integration"
// (test/**/*.int.spec.ts, against the real control plane started by globalSetup).
// @operant/* resolve to each package's src/ so tests never load a stale dist/. The one
// exception is the global setup, which jest loads outside its module system: it runs from
// @operant/testing's built dist/ (the `test` scripts run `tsc -b` first), as users load it.
export const shared = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  moduleNameMapper: {
    '^@operant/(core|crd|cli)$': '<rootDir>/packages/$1/src/index.ts',
    // @operant/core's subpaths: one per folder (`@operant/core/cache` → src/cache/index.ts), and the kind tokens
    '^@operant/core/kinds$': '<rootDir>/packages/core/src/resources/kinds.ts',
    '^@operant/core/internal$': '<rootDir>/packages/core/src/internal-entry.ts',
    '^@operant/core/([a-z]+)$': '<rootDir>/packages/core/src/$1/index.ts',
    '^@operant/crd/(metadata|schema)$': '<rootDir>/packages/crd/src/$1-entry.ts',
    '^@operant/testing$': '<rootDir>/packages/testing/src/index.ts',
    '^@operant/testing/jest$': '<rootDir>/packages/testing/src/jest/index.ts',
    '^@operant/testing/fake$': '<rootDir>/packages/testing/src/fake/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/jest.setup.js'],
};

/** @type {import('jest').Config} */
export default {
  // jest reads testTimeout from the global config, not from a project's
  testTimeout: 120_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/packages/*/src/**/*.spec.ts', '<rootDir>/examples/*/src/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/packages/*/test/**/*.int.spec.ts', '<rootDir>/examples/*/test/**/*.int.spec.ts'],
      globalSetup: '<rootDir>/packages/testing/dist/jest/global-setup.js',
      globalTeardown: '<rootDir>/packages/testing/dist/jest/global-teardown.js',
    },
  ],
};
