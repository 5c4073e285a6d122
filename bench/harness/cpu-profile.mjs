/**
 * Summarises a `node --cpu-prof` profile: self time per function (top entries) and per
 * origin (Operant core, and per folder; each dependency; Node internals; GC on the main
 * thread; idle). The process's other threads (V8's workers: concurrent GC and compilers) do
 * not appear in a profile: S2 reports their CPU from procfs.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The package a dependency's file belongs to (pnpm's store path or a plain node_modules path). */
function dependency(url) {
  const names = url.match(/node_modules\/(@[^/]+\/[^/]+|[^/@.][^/]*)/g) ?? [];
  return (names.pop() ?? 'node_modules').replace('node_modules/', '');
}

function origin(url, name) {
  if (name === '(garbage collector)') return 'GC (main thread)';
  if (name === '(idle)') return 'idle';
  if (name === '(program)' || name === '(root)') return 'V8 / native (program)';
  if (url.includes('/packages/core/')) return 'Operant core';
  if (url.includes('node_modules')) return `dependency: ${dependency(url)}`;
  if (url.startsWith('node:') || url === '') return 'Node internals';
  return 'bench code';
}

/** Operant core's folder of a file (`cache/`, `client/`, …). */
function coreFolder(url) {
  const m = /\/packages\/core\/dist\/([^/]+\/)?/.exec(url);
  return m?.[1] ?? '(root)';
}

const short = (url) =>
  url
    .replace(/^file:\/\/.*?\/node_modules\/\.pnpm\/([^/]+)\/node_modules\//, '$1:')
    .replace(/^file:\/\/.*?\/packages\//, 'packages/')
    .replace(/^file:\/\/.*?\/bench\//, 'bench/');

/** The newest `.cpuprofile` in `dir`, summarised. */
export function summarizeCpuProfile(dir, top = 15) {
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()
    .pop();
  if (file === undefined) return { error: `no .cpuprofile in ${dir}` };
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const fns = new Map();
  const origins = new Map();
  const folders = new Map();
  let total = 0;
  let busy = 0;
  for (const [id, us] of self) {
    const { callFrame: cf } = byId.get(id);
    const name = cf.functionName || '(anonymous)';
    const key = `${name} ${short(cf.url)}:${cf.lineNumber + 1}`;
    const o = origin(cf.url, name);
    fns.set(key, { fn: key, origin: o, ms: (fns.get(key)?.ms ?? 0) + us / 1000 });
    origins.set(o, (origins.get(o) ?? 0) + us / 1000);
    if (o === 'Operant core') folders.set(coreFolder(cf.url), (folders.get(coreFolder(cf.url)) ?? 0) + us / 1000);
    total += us / 1000;
    if (o !== 'idle') busy += us / 1000;
  }
  return {
    file: join(dir, file),
    totalMs: total,
    busyMs: busy,
    byOrigin: [...origins]
      .map(([o, ms]) => ({ origin: o, ms, pctOfBusy: o === 'idle' ? null : (100 * ms) / busy }))
      .sort((a, b) => b.ms - a.ms),
    byCoreFolder: [...folders]
      .map(([folder, ms]) => ({ folder, ms, pctOfBusy: (100 * ms) / busy }))
      .sort((a, b) => b.ms - a.ms),
    topSelf: [...fns.values()]
      .filter((f) => f.origin !== 'idle')
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top)
      .map((f) => ({ ...f, pctOfBusy: (100 * f.ms) / busy })),
  };
}
