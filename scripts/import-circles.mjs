#!/usr/bin/env node
/**
 * Finds import circles among the source files of `packages/*\/src` (specs left out): every
 * relative import counts — `import`, `import type`, `export … from`, `export type … from`
 * and `import()` — read with the TypeScript compiler's `preProcessFile`, and resolved to a
 * file (`./x.js` → `x.ts`, `./dir` → `dir/index.ts`). A circle is named by its files in
 * import order, back to the first: `a.ts -> b.ts -> a.ts`.
 *
 * The same check runs one level up, between folders: a file's folder is the first directory
 * under its package's `src/` (`packages/crd/src/schema/`), and a file directly in `src/` is a
 * node of its own. A folder circle is named the same way, followed by every folder → folder
 * arrow inside it with the file imports behind that arrow, the ones to cut to break it.
 *
 * `node scripts/import-circles.mjs` prints the file and folder circles and exits 1 when there
 * are any; `packages/core/src/no-import-circles.spec.ts` runs the same checks in the unit tests.
 * @module
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** The source files of every package, as `{ path → text }`; paths relative to `root`, with `/`. */
export function sourceFiles(root = repoRoot) {
  const files = new Map();
  for (const pkg of readdirSync(join(root, 'packages')).sort()) {
    const src = join(root, 'packages', pkg, 'src');
    if (!existsSync(src)) continue;
    for (const entry of readdirSync(src, { recursive: true }).map(String).sort()) {
      if (!entry.endsWith('.ts') || entry.endsWith('.spec.ts') || entry.endsWith('.d.ts')) continue;
      const path = relative(root, join(src, entry)).split('\\').join('/');
      files.set(path, readFileSync(join(root, path), 'utf8'));
    }
  }
  return files;
}

/** The file a relative specifier names, among `files`, or undefined (a package, or no such file). */
function resolveImport(from, specifier, files) {
  if (!specifier.startsWith('.')) return undefined;
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  const stem = base.replace(/\.(m|c)?js$/, '');
  return [`${stem}.ts`, `${stem}.mts`, `${base}`, `${base}/index.ts`].find((candidate) => files.has(candidate));
}

/** `{ path → the files it imports }`, from `{ path → text }`. */
export function importGraph(files) {
  const graph = new Map();
  for (const [path, text] of files) {
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = importedFiles.map((f) => resolveImport(path, f.fileName, files)).filter((t) => t !== undefined);
    graph.set(path, [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * Every circle of `graph`, one per strongly connected group of files (Tarjan), each named by
 * one loop through it, `a -> b -> a`, and the group's other files. A file that imports itself
 * is a circle too.
 */
export function circles(graph) {
  return stronglyConnected(graph)
    .map((group) => loopThrough(graph, group))
    .sort();
}

/** The strongly connected groups of `graph` that make a circle (Tarjan): two or more nodes, or one that reaches itself. */
function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(new Set(group));
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/** One loop through `group` from its first file (in sort order), by the shortest way back. */
function loopThrough(graph, group) {
  const start = [...group].sort()[0];
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!group.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)) path.splice(1, 0, at);
        const rest = [...group].filter((file) => !path.includes(file)).sort();
        const loop = [...path, start].join(' -> ');
        return rest.length === 0 ? loop : `${loop} (tied in the same circle: ${rest.join(', ')})`;
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...group].join(' -> ');
}

const packageSource = /^(packages\/[^/]+\/src)\/(.*)$/;

/**
 * The folder of a source file: `packages/<pkg>/src/<first directory>/`, or the file itself when
 * it sits directly in `src/` (or outside any package's `src/`).
 */
export function folderOf(path) {
  const match = packageSource.exec(path);
  if (match === null) return path;
  const slash = match[2].indexOf('/');
  return slash < 0 ? path : `${match[1]}/${match[2].slice(0, slash + 1)}`;
}

/** A path without its `packages/<pkg>/src/` prefix. */
const inPackage = (path) => path.replace(packageSource, '$2');

/**
 * The folder graph of a file graph: `folders` is `{ folder → the folders its files import }`
 * (imports inside one folder left out), `behind` is `{ 'a/ -> b/' → the file imports behind
 * that arrow, 'a/x.ts -> b/y.ts' }`, sorted.
 */
export function folderGraph(graph) {
  const targets = new Map();
  const behind = new Map();
  for (const [file, imports] of graph) {
    const from = folderOf(file);
    if (!targets.has(from)) targets.set(from, new Set());
    for (const target of imports) {
      const to = folderOf(target);
      if (to === from) continue;
      targets.get(from).add(to);
      const arrow = `${from} -> ${to}`;
      if (!behind.has(arrow)) behind.set(arrow, []);
      behind.get(arrow).push(`${inPackage(file)} -> ${inPackage(target)}`);
    }
  }
  const folders = new Map([...targets].map(([folder, to]) => [folder, [...to].sort()]));
  return { folders, behind: new Map([...behind].map(([arrow, files]) => [arrow, files.sort()])) };
}

/**
 * Every circle between folders of a file graph, one per strongly connected group of folders:
 * its loop (as `circles()` names it), then one line per folder → folder arrow inside the group
 * with the file imports behind it.
 */
export function folderCircles(graph) {
  const { folders, behind } = folderGraph(graph);
  return stronglyConnected(folders)
    .map((group) => {
      const arrows = [...group]
        .sort()
        .flatMap((from) => (folders.get(from) ?? []).filter((to) => group.has(to)).map((to) => `${from} -> ${to}`));
      return [
        loopThrough(folders, group),
        ...arrows.map((arrow) => `  ${arrow}: ${behind.get(arrow).join(', ')}`),
      ].join('\n');
    })
    .sort();
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const graph = importGraph(sourceFiles());
  const found = circles(graph);
  const foundFolders = folderCircles(graph);
  for (const circle of found) console.log(`import circle: ${circle}`);
  for (const circle of foundFolders) console.log(`folder circle: ${circle}`);
  const where = `${relative(process.cwd(), join(repoRoot, 'packages'))}/*/src`;
  if (found.length === 0) console.log(`no import circles between the files of ${where}`);
  if (foundFolders.length === 0) console.log(`no import circles between the folders of ${where}`);
  if (found.length > 0 || foundFolders.length > 0) process.exit(1);
}
