/**
 * Writes scaffolded files under a project directory: `init` refuses a non-empty directory
 * unless forced, `create api` refuses to overwrite a file unless forced.
 * @module
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CliError } from '../errors.js';

/** One scaffolded file: its path relative to the project, and its text. */
export interface ScaffoldFile {
  path: string;
  content: string;
}

/** Throws `exists` when `dir` has entries other than `.git`, editor folders and a LICENSE (none of which init writes). */
export async function requireEmptyDirectory(dir: string): Promise<void> {
  const entries = await readdir(dir).catch(() => []);
  const taken = entries.filter((e) => !['.git', '.idea', '.vscode', 'LICENSE'].includes(e));
  if (taken.length > 0) {
    throw new CliError(
      'exists',
      `unable to init in ${dir}: it is not empty (${taken.slice(0, 5).join(', ')}${taken.length > 5 ? ', …' : ''}); use --force to write anyway`,
    );
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Writes the files; without `force`, fails before writing anything if one exists. */
export async function writeScaffold(dir: string, files: readonly ScaffoldFile[], force = false): Promise<string[]> {
  if (!force) {
    for (const file of files) {
      if (await exists(join(dir, file.path))) {
        throw new CliError('exists', `unable to write ${file.path}: it exists; use --force to overwrite it`);
      }
    }
  }
  for (const file of files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.content);
  }
  return files.map((f) => f.path);
}
