#!/usr/bin/env node
/**
 * The API report: for each entry point of each package (`exports` of `packages/*\/package.json`),
 * `api/<package>[-<subpath>].api.md` lists every exported name with its declaration as the
 * built `.d.ts` states it (comments and private members left out), sorted by name. A
 * change to the public surface (a name added, removed or moved, a signature changed) is a
 * change to these files, visible in review. api-extractor would do the same but does not
 * handle `export * as ns` re-exports; this reads the `.d.ts` with the TypeScript compiler API.
 *
 * - `node scripts/api-report.mjs` (`pnpm api:check`, after `tsc -b`): exits 1 and names the
 *   stale files when `api/` differs from the built declarations;
 * - `node scripts/api-report.mjs --update` (`pnpm api:update`): rewrites `api/`.
 *
 * `packages/core/src/api-report.spec.ts` runs the same comparison in the unit tests.
 * @module
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { entryPoints } from './docs-check.mjs';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
export const reportDir = join(repoRoot, 'api');
export const updateCommand = 'pnpm api:update';

/** Every entry point (`entryPoints()` of docs-check.mjs) with `report`, its file name in `api/`. */
export function builtEntryPoints(root = repoRoot) {
  return entryPoints(root).map((e) => ({ ...e, report: `${e.specifier.slice(1).replaceAll('/', '-')}.api.md` }));
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

const isPrivate = (member) =>
  ts.canHaveModifiers(member) && (ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.PrivateKeyword);

/** The declaration as the `.d.ts` states it, without comments or private members. */
function printDeclaration(node) {
  const source = node.getSourceFile();
  let target = node;
  if (ts.isVariableDeclaration(node)) target = node.parent.parent; // the statement, with `declare const`
  if (ts.isClassDeclaration(target)) {
    const members = target.members.filter((m) => !isPrivate(m) && !ts.isPrivateIdentifier(m.name ?? m));
    target = ts.factory.updateClassDeclaration(
      target,
      target.modifiers,
      target.name,
      target.typeParameters,
      target.heritageClauses,
      members,
    );
  }
  return printer.printNode(ts.EmitHint.Unspecified, target, source);
}

/** The current built declarations: `Map<report file, { specifier, names, text }>`, `names` sorted. */
export function apiReports(root = repoRoot) {
  const entries = builtEntryPoints(root);
  for (const e of entries) {
    if (!existsSync(e.dts)) throw new Error(`unable to read ${e.dts} of ${e.specifier}: run tsc -b first`);
  }
  const program = ts.createProgram(
    entries.map((e) => e.dts),
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true },
  );
  const checker = program.getTypeChecker();
  const moduleOf = new Map(); // module symbol → the specifier whose entry it is
  for (const e of entries) {
    const source = program.getSourceFile(e.dts);
    moduleOf.set(checker.getSymbolAtLocation(source), e.specifier);
  }
  const reports = new Map();
  for (const e of entries) {
    const source = program.getSourceFile(e.dts);
    const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(source));
    const blocks = [];
    for (const exported of [...exports].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const lines = [];
      const specifier = exported.declarations?.find(ts.isExportSpecifier);
      const typeOnly = specifier !== undefined && (specifier.isTypeOnly || specifier.parent.parent.isTypeOnly);
      if (typeOnly && symbol.flags & ts.SymbolFlags.Value) {
        lines.push('// exported as a type only (the value is not exported here)');
      }
      if (symbol.flags & ts.SymbolFlags.ValueModule && moduleOf.has(symbol)) {
        lines.push(`export * as ${exported.name} from '${moduleOf.get(symbol)}';`);
      } else if (symbol.flags & ts.SymbolFlags.ValueModule) {
        const members = checker.getExportsOfModule(symbol).map((m) => m.name);
        lines.push(`export namespace ${exported.name} { ${members.sort().join(', ')} }`);
      } else {
        const declarations = symbol.declarations ?? [];
        const declared = declarations[0] && ts.getNameOfDeclaration(declarations[0])?.getText();
        if (declared !== undefined && declared !== exported.name) lines.push(`// exported as ${exported.name}`);
        for (const d of declarations) lines.push(printDeclaration(d));
      }
      blocks.push(lines.join('\n'));
    }
    const header = [
      `# API report: \`${e.specifier}\``,
      '',
      `Generated from the built declarations by \`${updateCommand}\` (scripts/api-report.mjs); do not edit.`,
      `${exports.length} exported names.`,
      '',
      '```ts',
    ];
    const text = [...header, blocks.join('\n\n'), '```', ''].join('\n');
    reports.set(e.report, { specifier: e.specifier, names: exports.map((x) => x.name).sort(), text });
  }
  return reports;
}

/** The committed reports: `Map<file, text>` of `api/*.api.md`. */
export function committedReports(dir = reportDir) {
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.api.md'))
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );
}

/** Report files that differ: `{ changed, added, removed }` (names in `api/`); `current` as `apiReports()` returns it. */
export function compareReports(current, committed) {
  const changed = [];
  const added = [];
  for (const [file, { text }] of current) {
    if (!committed.has(file)) added.push(file);
    else if (committed.get(file) !== text) changed.push(file);
  }
  const removed = [...committed.keys()].filter((file) => !current.has(file));
  return { changed, added, removed };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const current = apiReports();
  if (process.argv.includes('--update')) {
    rmSync(reportDir, { recursive: true, force: true });
    mkdirSync(reportDir, { recursive: true });
    for (const [file, { text }] of current) writeFileSync(join(reportDir, file), text);
    process.stdout.write(`wrote ${current.size} API reports to api/\n`);
  } else {
    const { changed, added, removed } = compareReports(current, committedReports());
    for (const f of changed) process.stderr.write(`the public API of api/${f} changed\n`);
    for (const f of added) process.stderr.write(`a new entry point has no report: api/${f}\n`);
    for (const f of removed) process.stderr.write(`api/${f} reports an entry point that no longer exists\n`);
    if (changed.length + added.length + removed.length > 0) {
      process.stderr.write(`review the change, then run \`${updateCommand}\` and commit api/\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`api/ matches the public API (${current.size} entry points)\n`);
    }
  }
}
