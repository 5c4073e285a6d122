#!/usr/bin/env node
// `pnpm memory [--limit manifest|none|<quantity>] [--objects N] [--node-flags="<flags>"]` (the `=` is needed: node flags begin with a dash): runs
// the memory check (examples/redis-operator/test/faults/memory-limit.fault.spec.ts) alone: the
// example's dist/main.js as its container runs it, inside a memory cgroup, through a burst of
// N RedisClusters on a control plane of its own. It prints the figures as `[memory] {…}`:
// peak RSS (VmHWM), RSS and its anonymous part after the burst, peak V8 heap used and
// committed, V8's heap limit, and the cgroup's peak usage (memory.max_usage_in_bytes or
// memory.peak), limit hits and OOM kills. Defaults: the manager container's memory limit in
// config/manager/manager.yaml, 500 objects, the Dockerfile's node flags. `--limit none`
// measures without a limit (the cgroup still records the peak). Needs root and a memory cgroup.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    limit: { type: 'string', default: 'manifest' },
    objects: { type: 'string', default: '500' },
    'node-flags': { type: 'string' },
  },
});
if (!(Number(values.objects) > 0)) throw new Error(`invalid --objects "${values.objects}"`);
const env = { ...process.env, MEMORY_LIMIT: values.limit, MEMORY_OBJECTS: values.objects };
if (values['node-flags'] !== undefined) env.MEMORY_NODE_FLAGS = values['node-flags'];
const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '-c', 'jest.faults.config.js'];
const { status } = spawnSync(
  process.execPath,
  [...jest, 'examples/redis-operator/test/faults/memory-limit.fault.spec.ts'],
  { stdio: 'inherit', env },
);
process.exit(status ?? 1);
