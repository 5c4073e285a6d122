/**
 * Reads what `record.mjs` recorded, for the footprint specs: `recorder` is the path to
 * preload (`node --import <recorder>`), `recordedModules(file)` the modules written to
 * `MODULE_GRAPH_OUT` (`{ url, importer }` in load order), `generatedModels(modules)` those of
 * client-node's generated model classes (`dist/gen`, ~840 modules and ~100 MiB of RSS), and
 * `importChain(modules, url)` who imported a module, and who imported that, up to the entry.
 * @module
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const recorder = fileURLToPath(new URL('./record.mjs', import.meta.url));

export function recordedModules(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [url, importer = ''] = line.split('\t');
      return { url, importer };
    });
}

export function generatedModels(modules) {
  return modules.filter((m) => m.url.includes('/@kubernetes/client-node/dist/gen/'));
}

export function importChain(modules, url) {
  const importers = new Map(modules.map((m) => [m.url, m.importer]));
  const chain = [url];
  for (let next = importers.get(url); next && !chain.includes(next); next = importers.get(next)) chain.push(next);
  return chain;
}

/** `[]` when no generated model was loaded, else one line: how many, and the import chain of the first. */
export function generatedModelsLoaded(modules) {
  const generated = generatedModels(modules);
  if (generated.length === 0) return [];
  const short = (url) => url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(packages|examples)\//, '$1/');
  return [
    `${generated.length} modules of dist/gen, the first: ${importChain(modules, generated[0].url).map(short).join(' ← ')}`,
  ];
}
