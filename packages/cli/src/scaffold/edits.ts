/**
 * Changes to files of a project that exist, computed in memory first and written together:
 * a failed edit (a missing marker, a file that is not what the scaffold wrote) leaves the
 * project as it was. Used by `create api` and `create webhook`.
 * @module
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError } from '../errors.js';

export class Edits {
  readonly changed = new Map<string, string>();
  constructor(private readonly dir: string) {}

  /** Queues `change` of the file's text (or of `initial` when the file is missing). */
  async edit(path: string, change: (text: string) => string, initial?: string): Promise<void> {
    const current =
      this.changed.get(path) ??
      (await readFile(join(this.dir, path), 'utf8').catch((err: unknown) => {
        if (initial !== undefined) return initial;
        throw new CliError('noProject', `unable to read ${path}: was the project made by operant init?`, {
          cause: err,
        });
      }));
    this.changed.set(path, change(current));
  }

  /** Writes every changed file; resolves to their paths. */
  async write(): Promise<string[]> {
    for (const [path, content] of this.changed) await writeFile(join(this.dir, path), content);
    return [...this.changed.keys()];
  }
}
