#!/usr/bin/env node
/**
 * Counts the public names of every package: for each entry point of its `exports` map,
 * the names it exports (values and types apart), and the members of the namespaces it
 * exports (`export * as client from …` → `client.mergeFrom`, …); then, per package, the
 * distinct declarations reachable through all its entry points (a declaration reachable
 * at the root and through a namespace or subpath counts once). A class, an enum or a
 * namespace is a value; an interface or a type alias is a type.
 *
 * `node scripts/api-surface.mjs` prints a table; `--json` prints the same figures as JSON.
 * The names come from `publicNames()` of `scripts/docs-check.mjs` (the TypeScript compiler
 * API over each entry point's `src/` module).
 * @module
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { publicNames } from './docs-check.mjs';

const isValue = (symbol) => (symbol.flags & ts.SymbolFlags.Value) !== 0;

/** `{ entries: [{ specifier, values, types, nsValues, nsTypes }], packages: [{ name, values, types }] }`. */
export function apiSurface(exported = publicNames()) {
  const entries = [];
  const packages = new Map();
  for (const [specifier, names] of exported) {
    const pkg = specifier.split('/').slice(0, 2).join('/');
    const seen = packages.get(pkg) ?? new Set();
    packages.set(pkg, seen);
    const entry = { specifier, values: 0, types: 0, nsValues: 0, nsTypes: 0 };
    for (const [name, symbol] of names) {
      const member = name.includes('.');
      if (isValue(symbol)) entry[member ? 'nsValues' : 'values']++;
      else entry[member ? 'nsTypes' : 'types']++;
      seen.add(symbol);
    }
    entries.push(entry);
  }
  return {
    entries,
    packages: [...packages].map(([name, symbols]) => ({
      name,
      values: [...symbols].filter(isValue).length,
      types: [...symbols].filter((s) => !isValue(s)).length,
    })),
  };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const surface = apiSurface();
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(surface, null, 2)}\n`);
  } else {
    const row = (cells) => `| ${cells.map(String).join(' | ')} |\n`;
    process.stdout.write(row(['entry point', 'values', 'types', 'namespace values', 'namespace types']));
    process.stdout.write(row(['---', '---', '---', '---', '---']));
    for (const e of surface.entries) process.stdout.write(row([e.specifier, e.values, e.types, e.nsValues, e.nsTypes]));
    process.stdout.write('\n');
    process.stdout.write(row(['package', 'distinct values', 'distinct types', 'total']));
    process.stdout.write(row(['---', '---', '---', '---']));
    for (const p of surface.packages) process.stdout.write(row([p.name, p.values, p.types, p.values + p.types]));
  }
}
