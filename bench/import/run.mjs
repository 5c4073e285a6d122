/**
 * The cost of loading Operant, measured in fresh processes (`pnpm bench:import [-- --runs n]`):
 * RSS and V8 heap after a full GC, the time of the import, and how many JS modules and Node
 * built-ins it loaded, for bare Node, `import '@operant/core'` (the built `dist/`), and the
 * builder path up to `start()`: a Manager and a `controllerManagedBy(...).for(...).owns(...)`
 * controller built, nothing started (no API server is needed). Each case runs `--runs` times
 * (default 5) in its own process; the table gives medians and the RSS over bare Node.
 * `--heap-prof` writes a `.heapprofile` per case under `--out` (default a temp folder).
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'heap-prof': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const runs = Number(values.runs);
const dist = (path) => JSON.stringify(new URL(`../../packages/core/dist/${path}`, import.meta.url).href);
const core = dist('index.js');

/** Prints `{rss, heap, ms, modules, builtins}` of the process after `body` ran. */
const probe = (body) => `
const before = new Set(process.moduleLoadList);
const t0 = performance.now();
${body}
const ms = performance.now() - t0;
globalThis.gc();
const m = process.memoryUsage();
const loaded = process.moduleLoadList.filter((x) => !before.has(x));
console.log(JSON.stringify({
  rss: m.rss, heap: m.heapUsed, ms,
  builtins: loaded.filter((x) => x.startsWith('NativeModule ') && !x.includes('internal/')).length,
  internal: loaded.length,
}));`;

const cases = [
  ['bare Node', ''],
  ["import '@operant/core'", `await import(${core});`],
  [
    'builder path, not started',
    `const { newManager } = await import(${dist('manager/index.js')});
const { controllerManagedBy } = await import(${dist('builder/index.js')});
const { resourceType } = await import(${dist('resources/index.js')});
const { ConfigMap } = await import(${dist('resources/kinds.js')});
const kubeConfig = {
  getCurrentCluster: () => ({ name: 'c', server: 'https://127.0.0.1:1', skipTLSVerify: false }),
  getCurrentUser: () => ({ name: 'u', token: 't' }),
};
const mgr = newManager({ kubeConfig });
const Widget = resourceType({ group: 'bench.operant.dev', version: 'v1', kind: 'Widget', plural: 'widgets', namespaced: true });
controllerManagedBy(mgr).for(Widget).owns(ConfigMap).complete({ async reconcile() {} });`,
  ],
];

const out = values.out ?? mkdtempSync(join(tmpdir(), 'operant-import-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mib = (b) => (b / 1048576).toFixed(1);
const rows = [];
for (const [name, body] of cases) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const flags = ['--expose-gc', '--input-type=module'];
    if (values['heap-prof'] && i === 0) flags.push('--heap-prof', `--heap-prof-dir=${out}`);
    samples.push(JSON.parse(execFileSync(process.execPath, [...flags, '-e', probe(body)], { encoding: 'utf8' })));
  }
  rows.push({
    name,
    ...Object.fromEntries(['rss', 'heap', 'ms', 'builtins'].map((k) => [k, median(samples.map((s) => s[k]))])),
  });
}
const bare = rows[0].rss;
console.log(`| case | RSS MiB | over bare Node | heap MiB | ms | Node built-ins |`);
console.log(`|---|---:|---:|---:|---:|---:|`);
for (const r of rows) {
  console.log(
    `| ${r.name} | ${mib(r.rss)} | +${mib(r.rss - bare)} | ${mib(r.heap)} | ${r.ms.toFixed(0)} | ${r.builtins} |`,
  );
}
console.log(
  `(medians of ${runs} fresh processes, Node ${process.version}${values['heap-prof'] ? `; heap profiles in ${out}` : ''})`,
);
