// The cache benchmark: starts a control plane (envtest binaries, no controller manager),
// creates N ConfigMaps of ~1 KB (default 10,000; `node bench/cache/run.mjs 2000` for fewer),
// then measures, each in a fresh process and alternating, ROUNDS times:
//   floor  - a plain paged LIST (limit 500) through the same wire, every page JSON.parsed and kept
//   cache  - Operant's Cache: paged LIST, transform (managedFields stripped), freeze, store, watch
// and prints the medians as a table. Usage: pnpm build && node bench/cache/run.mjs [count] [rounds]
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ConfigMap, core, testing } from './shared.mjs';

const COUNT = Number(process.argv[2] ?? 10_000);
const ROUNDS = Number(process.argv[3] ?? 3);
const run = promisify(execFile);

const env = new testing.Environment({});
const kc = await env.start();
try {
  const api = new core.client.ApiClient({ kubeConfig: kc });
  const namespace = 'bench';
  await api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  const payload = 'x'.repeat(600); // with metadata and managedFields, ~1 KB of JSON per object on the wire
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < COUNT) {
        const i = next++;
        await api.create({
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { namespace, name: `cm-${String(i).padStart(5, '0')}`, labels: { bench: 'cache' } },
          data: { payload, index: String(i) },
        });
      }
    }),
  );
  const sample = await api.list(ConfigMap, { namespace, limit: 1 });
  const bytes = JSON.stringify(sample.items[0]).length;
  process.stderr.write(
    `created ${COUNT} ConfigMaps (${bytes} bytes of JSON each) in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
  );

  const kubeconfig = await env.writeKubeconfig();
  // without a controller manager there is no kube-root-ca.crt: the namespace holds exactly COUNT
  const actual = (await api.list(ConfigMap, { namespace })).items.length;
  const results = { floor: [], cache: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of ['floor', 'cache']) {
      const { stdout } = await run(process.execPath, [
        '--expose-gc',
        new URL('measure.mjs', import.meta.url).pathname,
        mode,
        kubeconfig,
        namespace,
        String(actual),
      ]);
      results[mode].push(JSON.parse(stdout));
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rows = Object.entries(results).map(([mode, rs]) => {
    const sync = median(rs.map((r) => r.syncMs));
    const heap = median(rs.map((r) => r.heapBytes));
    const rss = median(rs.map((r) => r.rssBytes));
    return {
      mode,
      objects: actual,
      'sync ms': sync.toFixed(0),
      'heap MB': (heap / 2 ** 20).toFixed(1),
      'heap B/obj': (heap / actual).toFixed(0),
      'RSS MB': (rss / 2 ** 20).toFixed(1),
      'RSS B/obj': (rss / actual).toFixed(0),
    };
  });
  const header = Object.keys(rows[0]);
  const line = (cells) => `| ${cells.join(' | ')} |`;
  console.log(`\nNode ${process.version}, ${ROUNDS} rounds (medians), ConfigMaps of ${bytes} bytes\n`);
  console.log(line(header));
  console.log(line(header.map(() => '---')));
  for (const row of rows) console.log(line(header.map((h) => row[h])));
} finally {
  await env.stop();
}
