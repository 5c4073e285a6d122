/**
 * One generated file, written or checked: `diffFile` is the unified diff from the file on
 * disk to what would be written, and `writeOrCheckFile` writes it or, with `--check`, prints
 * that diff and fails on drift. crd-gen, rbac-gen, webhook-gen and helm share them.
 * @module
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { CliError } from '../errors.js';
import type { CommandIo } from '../io.js';

/** The unified diff from the file on disk (missing counts as empty) to `content`, or undefined when equal. */
export async function diffFile(path: string, content: string): Promise<string | undefined> {
  const current = await readFile(path, 'utf8').catch(() => undefined);
  if (current === content) return undefined;
  return createTwoFilesPatch(`${path} (on disk)`, `${path} (generated)`, current ?? '', content);
}

/**
 * Writes one generated file, or with `check` compares it: prints the diff and throws
 * `CliError('drift', driftMessage)` when it differs. Resolves to the absolute path.
 */
export async function writeOrCheckFile(
  path: string,
  content: string,
  { check, io, driftMessage }: { check?: boolean; io: CommandIo; driftMessage: string },
): Promise<string> {
  const out = resolve(path);
  if (check) {
    const diff = await diffFile(out, content);
    if (diff !== undefined) {
      io.stdout(diff);
      throw new CliError('drift', driftMessage);
    }
    io.stdout(`${path} is up to date\n`);
    return out;
  }
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, content);
  io.stdout(`wrote ${out}\n`);
  return out;
}
