#!/usr/bin/env node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
/**
 * Every package declares what it imports: each bare import of a source file of
 * `packages/*\/src` (specs left out; `import`, `import type`, `export … from`, `import()`,
 * read with the TypeScript compiler's `preProcessFile`) names a package listed in that
 * package's `dependencies` or `peerDependencies` (a Node built-in or the package itself
 * excepted; type-only imports count, the emitted `.d.ts` keeps them). And the peer
 * dependencies of a workspace dependency are passed on: when `@operant/core` depends on
 * `@operant/crd`, whose peers are class-validator, class-transformer and reflect-metadata,
 * core lists each of them as a dependency or a peer, so the user is asked for them once.
 *
 * `node scripts/package-imports.mjs` prints the problems and exits 1 when there are any;
 * `packages/core/src/package-imports.spec.ts` runs the same check in the unit tests.
 * @module
 */
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** Every package under `packages/`: `{ dir, manifest }`. */
export function workspacePackages(root = repoRoot) {
  return readdirSync(join(root, 'packages'))
    .sort()
    .filter((dir) => existsSync(join(root, 'packages', dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) }));
}

/** The package a bare specifier names (`@scope/name` or `name`), or undefined for a relative one, a URL or a built-in. */
export function packageName(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || /^[a-z]+:/.test(specifier)) return undefined;
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  return builtinModules.includes(name) ? undefined : name;
}

/** `{ file → the packages it imports }` for the non-spec source files of `packages/<dir>/src`. */
export function importedPackages(root, dir) {
  const src = join(root, 'packages', dir, 'src');
  const result = new Map();
  for (const entry of readdirSync(src, { recursive: true }).map(String).sort()) {
    if (!entry.endsWith('.ts') || entry.endsWith('.spec.ts')) continue;
    const text = readFileSync(join(src, entry), 'utf8');
    const names = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((f) => packageName(f.fileName))
      .filter((name) => name !== undefined);
    // `declare module 'x'` blocks of a .d.ts name the module they describe
    if (entry.endsWith('.d.ts')) names.push(...ts.preProcessFile(text).ambientExternalModules.map(packageName));
    if (names.length > 0) result.set(`packages/${dir}/src/${entry.split('\\').join('/')}`, [...new Set(names)].sort());
  }
  return result;
}

/**
 * The problems, one line each: `<package>: <file> imports <name>, which is neither a
 * dependency nor a peer dependency` and `<package>: depends on <dep>, whose peer <name>
 * it does not list`.
 */
export function undeclaredImports(root = repoRoot) {
  const packages = workspacePackages(root);
  const byName = new Map(packages.map((p) => [p.manifest.name, p.manifest]));
  const problems = [];
  for (const { dir, manifest } of packages) {
    const declared = new Set([
      manifest.name,
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    for (const [file, names] of importedPackages(root, dir)) {
      for (const name of names) {
        if (!declared.has(name)) {
          problems.push(
            `${manifest.name}: ${file} imports ${name}, which is neither a dependency nor a peer dependency`,
          );
        }
      }
    }
    for (const dep of Object.keys(manifest.dependencies ?? {})) {
      for (const peer of Object.keys(byName.get(dep)?.peerDependencies ?? {})) {
        if (!declared.has(peer))
          problems.push(`${manifest.name}: depends on ${dep}, whose peer ${peer} it does not list`);
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = undeclaredImports();
  for (const line of problems) console.log(line);
  process.exit(problems.length === 0 ? 0 : 1);
}
