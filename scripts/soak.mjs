#!/usr/bin/env node
// `pnpm soak [--minutes N]` (default 30): runs examples/redis-operator/test/soak on a control
// plane of its own through jest (the `soak` project of jest.faults.config.js). The report
// lands in soak-report/ (or $SOAK_REPORT_DIR).
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '30' } } });
const minutes = Number(values.minutes);
if (!(minutes > 0)) throw new Error(`invalid --minutes "${values.minutes}"`);
const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '-c', 'jest.faults.config.js'];
const { status } = spawnSync(
  process.execPath,
  [...jest, '--selectProjects', 'soak', '--testTimeout', String((minutes * 60 + 600) * 1000)],
  { stdio: 'inherit', env: { ...process.env, SOAK_MINUTES: String(minutes) } },
);
process.exit(status ?? 1);
