#!/usr/bin/env node
/**
 * Finds import circles among the source files of `packages/*\/src` (specs left out): every
 * relative import counts — `import`, `import type`, `export … from`, `export type … from`
 * and `import()` — read with the TypeScript compiler's `preProcessFile`, and resolved to a
 * file (`./x.js` → `x.ts`, `./dir` → `dir/index.ts`). A circle is named by its files in
 * import order, back to the first: `a.ts -> b.ts -> a.ts`.
 *
 * `node scripts/import-circles.mjs` prints the circles and exits 1 when there are any;
 * `packages/core/src/no-import-circles.spec.ts` runs the same check in the unit tests.
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
  return groups.map((group) => loopThrough(graph, group)).sort();
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

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = circles(importGraph(sourceFiles()));
  for (const circle of found) console.log(`import circle: ${circle}`);
  if (found.length > 0) process.exit(1);
  console.log(`no import circles in ${relative(process.cwd(), join(repoRoot, 'packages'))}/*/src`);
}
