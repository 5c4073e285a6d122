// One measurement in a fresh process (run with --expose-gc): sync time and the heap/RSS it
// leaves behind, for either the Operant cache or the floor (a plain paged LIST whose pages
// are JSON.parsed and kept). Prints one JSON line.
import { ConfigMap, core } from './shared.mjs';

const [mode, kubeconfigPath, namespace, expected] = process.argv.slice(2);
const kc = core.client.loadKubeConfig(kubeconfigPath);
const rest = new core.rest.RestClient(kc);

const settle = async () => {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await new Promise((r) => setTimeout(r, 50));
  }
  return process.memoryUsage();
};

// warm the connection and the code paths once, outside the measurement
await rest.json({ method: 'GET', path: `/api/v1/namespaces/${namespace}/configmaps`, query: { limit: 1 } }, 'warm up');
const before = await settle();
const started = performance.now();
let keep;
let count;
let stop;
if (mode === 'floor') {
  const items = [];
  let token;
  do {
    const page = await rest.json(
      { method: 'GET', path: `/api/v1/namespaces/${namespace}/configmaps`, query: { limit: 500, continue: token } },
      'list',
    );
    items.push(...page.items);
    token = page.metadata?.continue || undefined;
  } while (token !== undefined);
  keep = items;
  count = items.length;
} else {
  stop = new AbortController();
  const cache = new core.cache.Cache({ rest, byObject: [{ type: ConfigMap, namespaces: [namespace] }] });
  const running = cache.start(stop.signal);
  await cache.waitForCacheSync(stop.signal);
  keep = { cache, running };
  count = cache.health()[0].objects;
}
const syncMs = performance.now() - started;
const after = await settle();
if (count !== Number(expected)) throw new Error(`expected ${expected} objects, got ${count}`);
process.stdout.write(
  `${JSON.stringify({ mode, count, syncMs, heapBytes: after.heapUsed - before.heapUsed, rssBytes: after.rss - before.rss })}\n`,
);
if (stop) {
  stop.abort();
  await keep.running;
}
