/**
 * Records the module graph of a Node process: preload it with
 * `node --import ./scripts/module-graph/record.mjs app.js`. A `module.registerHooks` load
 * hook sees every module the process loads after it, ES modules and CommonJS alike.
 *
 * With `MODULE_GRAPH_OUT=<file>`, each module is appended to the file as it loads, one a
 * line (so the list survives however the process ends): its URL, a tab, and the URL of the
 * module that first imported it. Without it, a summary (modules per package) goes to stderr
 * at exit. `index.mjs` reads the file.
 * @module
 */
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { packageOf } from './index.mjs';

const out = process.env.MODULE_GRAPH_OUT;
const seen = [];
const importer = new Map();

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (!importer.has(resolved.url)) importer.set(resolved.url, context.parentURL ?? '');
    return resolved;
  },
  load(url, context, nextLoad) {
    if (out) appendFileSync(out, `${url}\t${importer.get(url) ?? ''}\n`);
    else seen.push(url);
    return nextLoad(url, context);
  },
});

if (!out) {
  process.on('exit', () => {
    const perPackage = new Map();
    for (const url of seen) {
      const pkg = packageOf(url);
      const key = url.includes('/client-node/dist/gen/')
        ? '@kubernetes/client-node (dist/gen)'
        : (pkg ?? (url.startsWith('node:') ? '(node: built-ins)' : '(outside node_modules)'));
      perPackage.set(key, (perPackage.get(key) ?? 0) + 1);
    }
    const rows = [...perPackage].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${String(n).padStart(5)} ${k}`);
    process.stderr.write(`[module-graph] ${seen.length} modules loaded\n${rows.join('\n')}\n`);
  });
}
