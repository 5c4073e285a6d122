// `pnpm test:faults` (project `faults`): the fault suite, examples/*/test/faults/*.fault.spec.ts
// and packages/*/test/faults/*.fault.spec.ts (several operator processes: sharding).
// `pnpm soak` (project `soak`, scripts/soak.mjs): examples/*/test/soak/*.soak.ts. Each file
// starts a control plane of its own (it kills, pauses and restarts its processes), so there
// is no global setup; two files at a time at most.
import { shared } from './jest.config.js';

/** @type {import('jest').Config} */
export default {
  testTimeout: 240_000,
  maxWorkers: 2,
  projects: [
    {
      ...shared,
      displayName: 'faults',
      testMatch: [
        '<rootDir>/examples/*/test/faults/*.fault.spec.ts',
        '<rootDir>/packages/*/test/faults/*.fault.spec.ts',
        '<rootDir>/examples/*/test/soak/*.spec.ts',
      ],
    },
    { ...shared, displayName: 'soak', testMatch: ['<rootDir>/examples/*/test/soak/*.soak.ts'] },
  ],
};
