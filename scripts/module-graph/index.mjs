/**
 * Reads what `record.mjs` recorded, for the footprint specs: `recorder` is the path to
 * preload (`node --import <recorder>`), `recordedModules(file)` the modules written to
 * `MODULE_GRAPH_OUT` (`{ url, importer }` in load order), `generatedModels(modules)` those of
 * client-node's generated model classes (`dist/gen`, ~840 modules and ~100 MiB of RSS),
 * `importChain(modules, url)` who imported a module, and who imported that, up to the entry,
 * and `packagesLoaded(modules, names)` which of the named packages were loaded, and through whom.
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

/** The package (`name` or `@scope/name`) a module URL belongs to under node_modules, else undefined. */
export function packageOf(url) {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url.split('/node_modules/.pnpm/').at(-1) ?? url)?.[1];
}

const short = (url) => url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(packages|examples)\//, '$1/');

/** One line: how many modules `what` has, and the import chain of the first. */
function loadedLine(modules, loaded, what) {
  return `${loaded.length} modules of ${what}, the first: ${importChain(modules, loaded[0].url).map(short).join(' ← ')}`;
}

/** `[]` when no generated model was loaded, else one line: how many, and the import chain of the first. */
export function generatedModelsLoaded(modules) {
  const generated = generatedModels(modules);
  return generated.length === 0 ? [] : [loadedLine(modules, generated, 'dist/gen')];
}

/** `[]` when none of the packages `names` was loaded, else one line for each that was (as `generatedModelsLoaded`). */
export function packagesLoaded(modules, names) {
  return names.flatMap((name) => {
    const loaded = modules.filter((m) => packageOf(m.url) === name);
    return loaded.length === 0 ? [] : [loadedLine(modules, loaded, name)];
  });
}
