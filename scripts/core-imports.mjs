#!/usr/bin/env node
/**
 * Moves imports of `@operant/core` to where each name lives: a name the root exports stays;
 * any other goes to the subpath of the folder that declares it (`mergePatch` →
 * `@operant/core/client`, `Deployment` → `@operant/core/kinds`); a former root namespace
 * (`import { handler } from '@operant/core'`) becomes `import * as handler from
 * '@operant/core/handler'`, so code that says `handler.enqueueRequestForOwner(...)` keeps
 * working. Works on `import`/`export … from '@operant/core'` statements anywhere in the
 * text (sources, scaffold templates, markdown code blocks) and on the relative
 * `packages/core/dist/index.js` imports of the benchmark peers.
 *
 * `node scripts/core-imports.mjs [file…]` (default: every tracked .ts, .mts, .mjs, .js and .md
 * file outside packages/core/src, api/, bench/results/ and this script) rewrites in place
 * and names the files it changed; run `pnpm format` afterwards (biome orders the imports of
 * .ts files; order markdown blocks by hand).
 * @module
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publicNames, repoRoot } from './docs-check.mjs';

/** The root namespaces of @operant/core before it had subpaths. */
const formerNamespaces = new Set([
  'builder',
  'cache',
  'client',
  'controller',
  'di',
  'events',
  'handler',
  'healthz',
  'leaderelection',
  'log',
  'manager',
  'metrics',
  'resources',
  'source',
  'webhook',
  'workqueue',
]);
/** Former root names that were aliases, and names re-exported by several folders: `[subpath, name]`. */
const renamed = { ResourceEventHandler: ['cache', 'EventHandler'], noopLogger: ['log', 'noopLogger'] };

/** `(name) → [subpath, name]` or undefined for a root name, from the current exports. */
function homes(exported = publicNames()) {
  const root = exported.get('@operant/core');
  const subpaths = [...exported.keys()].filter((k) => k.startsWith('@operant/core/'));
  const folderOf = (symbol) => {
    const file = symbol.declarations?.[0]?.getSourceFile().fileName ?? '';
    if (file.endsWith('resources/kinds.ts')) return 'kinds';
    return /packages\/core\/src\/([a-z]+)\//.exec(file)?.[1];
  };
  return (name) => {
    if (root.has(name) && !name.includes('.')) return undefined;
    if (renamed[name]) return renamed[name];
    const candidates = subpaths.filter((s) => exported.get(s).has(name));
    if (candidates.length === 0) throw new Error(`@operant/core exports no ${name}, at the root or in a subpath`);
    const declaring = `@operant/core/${folderOf(exported.get(candidates[0]).get(name))}`;
    return [(candidates.find((c) => c === declaring) ?? candidates[0]).slice('@operant/core/'.length), name];
  };
}

const statement =
  /(import|export)(\s+type)?\s*\{([^}]*)\}\s*from\s*'(@operant\/core|(?:\.\.\/)+packages\/core\/dist\/index\.js)';?/g;

/** The text with its @operant/core imports moved; `homeOf` as `homes()` returns it. */
export function rewriteImports(text, homeOf = homes()) {
  return text.replace(statement, (_all, keyword, typeAll, body, from) => {
    const typeOnly = typeAll !== undefined;
    const dist = from.startsWith('.') ? from.replace('dist/index.js', 'dist/') : undefined;
    const specifierOf = (subpath) => {
      if (subpath === '') return from;
      if (dist === undefined) return `@operant/core/${subpath}`;
      return `${dist}${subpath === 'kinds' ? 'resources/kinds' : `${subpath}/index`}.js`;
    };
    const ellipsis = /\/\*\s*…\s*\*\//.test(body);
    const groups = new Map(); // subpath ('': the root) → the import's elements
    const namespaces = [];
    const add = (subpath, element) => groups.set(subpath, [...(groups.get(subpath) ?? []), element]);
    const elements = body
      .replace(/\/\*[^*]*\*\//g, '')
      .replace(/\/\/.*$/gm, '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    for (const element of elements) {
      const match = /^(type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(element);
      if (match === null) throw new Error(`unable to read the import element ${JSON.stringify(element)}`);
      const [, typeElement, name, alias] = match;
      const local = alias ?? name;
      if (formerNamespaces.has(name) && keyword === 'import') {
        const type = typeOnly || typeElement ? ' type' : '';
        namespaces.push(`import${type} * as ${local} from '${specifierOf(name)}';`);
        continue;
      }
      const home = homeOf(name);
      if (home === undefined) add('', element);
      else add(home[0], `${typeElement ?? ''}${home[1]}${home[1] === local ? '' : ` as ${local}`}`);
    }
    const order = [...groups.keys()].sort((a, b) => a.localeCompare(b)); // the root ('') first
    const lines = order.map((subpath, i) => {
      const names = groups.get(subpath);
      if (ellipsis && i === 0) names.push('/* … */');
      const head = `${keyword}${typeOnly ? ' type' : ''}`;
      const one = `${head} { ${names.join(', ')} } from '${specifierOf(subpath)}';`;
      return one.length <= 120
        ? one
        : `${head} {\n${names.map((n) => `  ${n},`).join('\n')}\n} from '${specifierOf(subpath)}';`;
    });
    return [...lines, ...namespaces].join('\n');
  });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(repoRoot);
  const given = process.argv.slice(2);
  const files =
    given.length > 0
      ? given
      : execFileSync('git', ['ls-files'], { encoding: 'utf8' })
          .split('\n')
          .filter((f) => /\.(ts|mts|mjs|js|md)$/.test(f))
          .filter((f) => !/^(packages\/core\/src\/|api\/|bench\/results\/|scripts\/core-imports)/.test(f));
  const homeOf = homes();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes("'@operant/core'") && !text.includes('packages/core/dist/index.js')) continue;
    const next = rewriteImports(text, homeOf);
    if (next !== text) {
      writeFileSync(file, next);
      process.stdout.write(`${file}\n`);
    }
  }
}
