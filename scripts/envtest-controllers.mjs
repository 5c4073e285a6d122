#!/usr/bin/env node
/**
 * Keeps docs/testing.md's table of the kube-controller-manager controllers envtest runs true
 * to the code: its rows come from `CONTROLLER_EFFECTS` and `DEFAULT_CONTROLLERS` of
 * `packages/testing/src/envtest/controllers.ts` and sit between the `envtest-controllers`
 * markers of the page.
 *
 * `node scripts/envtest-controllers.mjs` reports a table that differs from the code (exit 1);
 * `--write` rewrites it. `pnpm run docs:check` runs the check, and
 * `packages/testing/src/envtest/controllers.spec.ts` runs it in the unit tests.
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
export const testingDoc = join(repoRoot, 'docs/testing.md');
export const controllersModule = join(repoRoot, 'packages/testing/src/envtest/controllers.ts');
export const BEGIN = '<!-- envtest-controllers:begin (generated: node scripts/envtest-controllers.mjs --write) -->';
export const END = '<!-- envtest-controllers:end -->';

/** The table's lines, one row per controller of `effects` in its order; throws for a default without a row. */
export function controllersTable(effects, defaults) {
  const undescribed = defaults.filter((name) => !Object.hasOwn(effects, name));
  if (undescribed.length > 0) {
    throw new Error(
      `unable to describe ${undescribed.join(', ')}: add it to CONTROLLER_EFFECTS of ${controllersModule}`,
    );
  }
  const rows = [
    ['controller', 'by default', 'what it does for a test'],
    ...Object.entries(effects).map(([name, effect]) => [`\`${name}\``, defaults.includes(name) ? 'yes' : 'no', effect]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(rows[0]), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)];
}

/** `markdown` with the lines between the markers replaced by `table`. */
export function withTable(markdown, table) {
  const begin = markdown.indexOf(BEGIN);
  const end = markdown.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`unable to find the markers ${BEGIN} … ${END} in docs/testing.md`);
  return `${markdown.slice(0, begin + BEGIN.length)}\n${table.join('\n')}\n${markdown.slice(end)}`;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Node strips the types of a `.ts` file without imports; controllers.ts stays that way
  const { CONTROLLER_EFFECTS, DEFAULT_CONTROLLERS } = await import(pathToFileURL(controllersModule).href);
  const current = readFileSync(testingDoc, 'utf8');
  const expected = withTable(current, controllersTable(CONTROLLER_EFFECTS, DEFAULT_CONTROLLERS));
  if (current === expected) {
    process.stdout.write('docs/testing.md lists the controllers envtest runs, as the code does\n');
  } else if (process.argv[2] === '--write') {
    writeFileSync(testingDoc, expected);
    process.stdout.write('docs/testing.md: rewrote the table of envtest controllers\n');
  } else {
    process.stderr.write(
      'docs/testing.md: the table of envtest controllers differs from packages/testing/src/envtest/controllers.ts; ' +
        'run node scripts/envtest-controllers.mjs --write\n',
    );
    process.exitCode = 1;
  }
}
