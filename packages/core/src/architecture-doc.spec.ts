/**
 * Keeps docs/architecture.md true to the tree: every folder its folder tables name exists
 * (core's under `packages/core/src`, `(+ x/)` under the folder before it; the testing
 * package's under `packages/testing/src`), every folder of `packages/core/src` has a row,
 * and every core file the data path names (`folder/file.ts`, in the diagram or the text)
 * exists.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

/** The first cells of the table under the `## heading` that starts with `title`. */
function firstCells(title: string): string[] {
  const section = doc.split(/^## /m).find((s) => s.startsWith(title));
  if (section === undefined) throw new Error(`docs/architecture.md has no section "${title}"`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) => line.split('|')[1] ?? '');
}

/** The folders a cell names, `(+ x/)` resolved under the folder named before it. */
function foldersOf(cell: string): string[] {
  const folders: string[] = [];
  for (const match of cell.matchAll(/(\(\+\s*)?`([\w./-]+)\/`/g)) {
    const [, nested, name] = match;
    folders.push(
      nested !== undefined && folders.length > 0 ? `${folders[folders.length - 1]}/${name}` : (name as string),
    );
  }
  return folders;
}

const coreSrc = join(root, 'packages/core/src');
const coreFolders = firstCells('`@operant/core`, folder by folder').flatMap(foldersOf);
const testingFolders = firstCells('`@operant/testing` and `@operant/cli`').flatMap(foldersOf);

/** The core source files (`folder/file.ts`) the data path section names. */
const dataPathFiles = [
  ...new Set(
    (doc.split(/^## /m).find((s) => s.startsWith('The data path')) ?? '').match(/\b[a-z]+\/[\w-]+\.ts\b/g) ?? [],
  ),
];

describe('docs/architecture.md', () => {
  it('names folders in both tables', () => {
    expect(coreFolders).toEqual(expect.arrayContaining(['api', 'controller', 'decorators/metadata']));
    expect(testingFolders).toEqual(expect.arrayContaining(['envtest', 'fake']));
  });

  it.each(coreFolders)('core folder %s exists', (folder) => {
    expect(existsSync(join(coreSrc, folder))).toBe(true);
  });

  it.each(testingFolders)('testing folder %s exists', (folder) => {
    expect(existsSync(join(root, 'packages/testing/src', folder))).toBe(true);
  });

  it('names the files of the data path', () => {
    expect(dataPathFiles).toEqual(expect.arrayContaining(['controller/controller.ts', 'source/dispatch.ts']));
  });

  it.each(dataPathFiles)('data path file %s exists', (file) => {
    expect(existsSync(join(coreSrc, file))).toBe(true);
  });

  it('has a row for every folder of packages/core/src', () => {
    const onDisk = readdirSync(coreSrc).filter((f) => statSync(join(coreSrc, f)).isDirectory());
    expect(onDisk.filter((f) => !coreFolders.includes(f))).toEqual([]);
  });
});
