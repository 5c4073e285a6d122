#!/usr/bin/env node
/**
 * Keeps the docs navigable: every page of `docs/` is linked from `docs/README.md` (the
 * index), and every relative link of the Markdown files a reader meets (README.md,
 * docs/, examples/*\/README.md, bench/README.md) names a file that exists. Web links and
 * anchors within a page are not checked; a link's `#anchor` is dropped before the lookup.
 *
 * `node scripts/docs-links.mjs` prints the problems and exits 1 when there are any;
 * `packages/core/src/docs-links.spec.ts` runs the same check in the unit tests.
 * @module
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** The Markdown files whose links are checked, relative to `root`. */
export function markdownFiles(root = repoRoot) {
  const inDir = (dir) =>
    existsSync(join(root, dir))
      ? readdirSync(join(root, dir))
          .filter((f) => f.endsWith('.md'))
          .map((f) => join(dir, f))
      : [];
  const examples = readdirSync(join(root, 'examples')).map((e) => join('examples', e, 'README.md'));
  return ['README.md', ...inDir('docs'), ...examples, 'bench/README.md'].filter((f) => existsSync(join(root, f)));
}

/** The relative link targets of a Markdown text, without anchors (code spans and fenced blocks skipped). */
export function relativeLinks(markdown) {
  const text = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const targets = [];
  for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1].split('#')[0];
    if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    targets.push(target);
  }
  return targets;
}

/** `{ unlinked, broken }`: pages the index does not link, and links to missing files (`file: target`). */
export function checkLinks(root = repoRoot) {
  const index = readFileSync(join(root, 'docs/README.md'), 'utf8');
  const linked = new Set(relativeLinks(index).map((t) => resolve(root, 'docs', t)));
  const unlinked = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .filter((f) => !linked.has(resolve(root, 'docs', f)))
    .map((f) => `docs/${f}`);
  const broken = [];
  for (const file of markdownFiles(root)) {
    for (const target of relativeLinks(readFileSync(join(root, file), 'utf8'))) {
      const path = resolve(root, dirname(file), decodeURIComponent(target));
      if (!existsSync(path)) broken.push(`${file}: ${target}`);
    }
  }
  return { unlinked, broken };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { unlinked, broken } = checkLinks();
  for (const page of unlinked) console.error(`not linked from docs/README.md: ${page}`);
  for (const link of broken) console.error(`a link to a missing file: ${link}`);
  if (unlinked.length + broken.length > 0) process.exit(1);
  console.log('docs/README.md links every page, and every relative link names a file');
}
