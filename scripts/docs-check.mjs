#!/usr/bin/env node
/**
 * Keeps `docs/go-typescript-mapping.md` complete: lists every public name of every package
 * entry point (each `exports` entry of `packages/*\/package.json`, read from `src/` with the
 * TypeScript compiler API, namespaces such as `predicate.generationChanged` included) and
 * compares them with the names in the mapping tables, section by section (a section is a
 * `## \`@operant/x\`` heading). It reports public names missing from the tables and table
 * names that no entry point exports (except on rows marked "not yet" or "in progress").
 *
 * A declaration reachable under several names of one package (the same declaration at the
 * root of `@operant/core` and in a subpath) counts as listed when any of its spellings is in
 * a table of one of the package's sections.
 *
 * `node scripts/docs-check.mjs` prints the problems and exits 1 when there are any;
 * `packages/core/src/docs-mapping.spec.ts` runs the same check in the unit tests.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = fileURLToPath(new URL('.', import.meta.url));
export const repoRoot = resolve(here, '..');

/**
 * Every entry point of every package: `{ specifier, file, dts }`, `dts` being the built
 * declaration file the `exports` map names and `file` the `src/` module behind it.
 */
export function entryPoints(root = repoRoot) {
  const entries = [];
  for (const dir of readdirSync(join(root, 'packages')).sort()) {
    const manifest = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const types = typeof target === 'string' ? target : target.types;
      if (!types?.endsWith('.d.ts')) continue; // ./package.json
      const file = join(root, 'packages', dir, types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts'));
      const dts = join(root, 'packages', dir, types);
      entries.push({ specifier: subpath === '.' ? manifest.name : `${manifest.name}${subpath.slice(1)}`, file, dts });
    }
  }
  return entries;
}

function compilerOptions(root) {
  const path = join(root, 'tsconfig.test.json');
  const config = ts.readConfigFile(path, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root, undefined, path).options;
}

/**
 * The public names of each entry point: `Map<specifier, Map<name, symbol>>`. Members of
 * namespace re-exports (`export * as cache from …`) appear as `cache.Cache`; the symbol is
 * the final declaration, so two spellings of one declaration share it.
 */
export function publicNames(root = repoRoot) {
  const entries = entryPoints(root);
  const program = ts.createProgram(
    entries.map((e) => e.file),
    { ...compilerOptions(root), noEmit: true },
  );
  const checker = program.getTypeChecker();
  const resolveAlias = (symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  const result = new Map();
  for (const { specifier, file } of entries) {
    const source = program.getSourceFile(file);
    if (source === undefined) throw new Error(`unable to read entry point ${file} of ${specifier}`);
    const names = new Map();
    for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(source))) {
      const target = resolveAlias(exported);
      names.set(exported.name, target);
      if (target.flags & ts.SymbolFlags.ValueModule) {
        for (const member of checker.getExportsOfModule(target)) {
          names.set(`${exported.name}.${member.name}`, resolveAlias(member));
        }
      }
    }
    result.set(specifier, names);
  }
  return result;
}

/** `` `@Controller({ for })` `` → `Controller`; `` `cache.Cache` `` → `cache.Cache`; prose → undefined. */
export function nameOf(code) {
  const match = /^@?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)/.exec(code.trim());
  return match?.[1];
}

/**
 * The Operant names of the mapping tables: `Map<specifier, { listed: Set, checked: Set }>`.
 * A section starts at a `## ` heading that names an entry point in backticks; in each table
 * row, the second cell's code spans are Operant names. `checked` leaves out rows that say
 * "not yet" or "in progress" (names that do not exist yet).
 */
export function mappingNames(markdown) {
  const sections = new Map();
  let current;
  for (const line of markdown.split('\n')) {
    const heading = /^##\s+`(@operant\/[^`]+)`/.exec(line);
    if (heading) {
      current = { listed: new Set(), checked: new Set() };
      sections.set(heading[1], current);
      continue;
    }
    if (/^##\s/.test(line)) current = undefined;
    if (current === undefined || !line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const cells = line.split(/(?<!\\)\|/).slice(1, -1);
    const operant = cells[1] ?? '';
    const pending = /not yet|in progress/i.test(operant);
    for (const [, code] of operant.matchAll(/`([^`]+)`/g)) {
      const name = nameOf(code);
      if (name === undefined) continue;
      current.listed.add(name);
      if (!pending) current.checked.add(name);
    }
  }
  return sections;
}

/**
 * Compares public names (`publicNames()`) with the mapping tables (`mappingNames()`):
 * `{ missing, unknown }`, public names absent from the tables and table names nothing exports,
 * each as `specifier: name`.
 */
export function compareMapping(exported, tables) {
  const missing = [];
  const unknown = [];
  const packageOf = (specifier) => specifier.split('/').slice(0, 2).join('/');
  const listedSymbols = new Map(); // package → the declarations its sections list
  for (const [specifier, table] of tables) {
    const names = exported.get(specifier);
    const symbols = listedSymbols.get(packageOf(specifier)) ?? new Set();
    listedSymbols.set(packageOf(specifier), symbols);
    for (const name of table.listed) if (names?.has(name)) symbols.add(names.get(name));
  }
  for (const [specifier, names] of exported) {
    const table = tables.get(specifier);
    const listed = listedSymbols.get(packageOf(specifier)) ?? new Set();
    for (const [name, symbol] of names) {
      if (!table?.listed.has(name) && !listed.has(symbol)) missing.push(`${specifier}: ${name}`);
    }
  }
  for (const [specifier, table] of tables) {
    const names = exported.get(specifier);
    for (const name of table.checked) {
      if (names === undefined || !names.has(name)) unknown.push(`${specifier}: ${name}`);
    }
  }
  return { missing, unknown };
}

export const mappingFile = join(repoRoot, 'docs/go-typescript-mapping.md');

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--list') {
    for (const [specifier, names] of publicNames()) {
      for (const name of names.keys()) process.stdout.write(`${specifier}\t${name}\n`);
    }
  } else {
    const { missing, unknown } = compareMapping(publicNames(), mappingNames(readFileSync(mappingFile, 'utf8')));
    for (const m of missing) process.stderr.write(`missing from docs/go-typescript-mapping.md: ${m}\n`);
    for (const u of unknown) process.stderr.write(`not exported, but in docs/go-typescript-mapping.md: ${u}\n`);
    if (missing.length + unknown.length > 0) process.exitCode = 1;
    else process.stdout.write('docs/go-typescript-mapping.md lists every public name\n');
  }
}
