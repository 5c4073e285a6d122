#!/usr/bin/env node
/**
 * Counts the public names of every package: for each entry point of its `exports` map,
 * the names it exports (values and types apart), and the members of the namespaces it
 * exports (`export * as client from …` → `client.mergeFrom`, …); then, per package, the
 * distinct declarations reachable through all its entry points (a declaration reachable
 * at the root and through a namespace or subpath counts once). A class, an enum or a
 * namespace is a value; an interface or a type alias is a type.
 *
 * The sum over every entry point (a name exported by two entry points counts twice,
 * namespace members count) is held to `PUBLIC_NAME_BUDGET`: each entry point exports what a
 * user or a documented hard-mode path needs, and implementation stays inside.
 *
 * `node scripts/api-surface.mjs` prints a table and the sum; `--json` prints the same figures
 * as JSON; `--check` (in `pnpm api:check`) exits 1 when the sum passes the budget.
 * The names come from `publicNames()` of `scripts/docs-check.mjs` (the TypeScript compiler
 * API over each entry point's `src/` module).
 * @module
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { publicNames } from './docs-check.mjs';

const isValue = (symbol) => (symbol.flags & ts.SymbolFlags.Value) !== 0;

/** At most this many exported names, summed over every entry point of every package. */
export const PUBLIC_NAME_BUDGET = 400;

/** The names of every entry point, summed (namespace members included). */
export function publicNameCount(surface = apiSurface()) {
  return surface.entries.reduce((sum, e) => sum + e.values + e.types + e.nsValues + e.nsTypes, 0);
}

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
  const total = publicNameCount(surface);
  if (process.argv.includes('--check')) {
    if (total > PUBLIC_NAME_BUDGET) {
      console.error(`${total} exported names over all entry points, more than the budget of ${PUBLIC_NAME_BUDGET}`);
      process.exit(1);
    }
    console.log(`${total} exported names over all entry points (budget ${PUBLIC_NAME_BUDGET})`);
  } else if (process.argv.includes('--json')) {
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
    process.stdout.write(`\n${total} exported names over all entry points (budget ${PUBLIC_NAME_BUDGET})\n`);
  }
}
