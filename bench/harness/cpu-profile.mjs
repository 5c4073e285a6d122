/**
 * Summarises a `node --cpu-prof` profile: self time per function (top entries) and per
 * origin (Operant, client-node, other dependencies, Node internals, GC, idle).
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function origin(url, name) {
  if (name === '(garbage collector)') return 'GC';
  if (name === '(idle)') return 'idle';
  if (name === '(program)' || name === '(root)') return 'V8 / native (program)';
  if (url.includes('/packages/core/')) return 'Operant core';
  if (url.includes('@kubernetes+client-node') || url.includes('@kubernetes/client-node'))
    return '@kubernetes/client-node';
  if (url.includes('node_modules')) return 'other dependencies';
  if (url.startsWith('node:') || url === '') return 'Node internals';
  return 'bench code';
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
  let total = 0;
  let busy = 0;
  for (const [id, us] of self) {
    const { callFrame: cf } = byId.get(id);
    const name = cf.functionName || '(anonymous)';
    const key = `${name} ${short(cf.url)}:${cf.lineNumber + 1}`;
    const o = origin(cf.url, name);
    fns.set(key, { fn: key, origin: o, ms: (fns.get(key)?.ms ?? 0) + us / 1000 });
    origins.set(o, (origins.get(o) ?? 0) + us / 1000);
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
    topSelf: [...fns.values()]
      .filter((f) => f.origin !== 'idle')
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top)
      .map((f) => ({ ...f, pctOfBusy: (100 * f.ms) / busy })),
  };
}
