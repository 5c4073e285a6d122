/**
 * CRDs → files: one `<group>_<plural>.yaml` per CRD (controller-gen's names), YAML with
 * sorted keys and no line folding, so output is deterministic. `--check` compares with
 * the files on disk and returns a unified diff per drifted file; rbac-gen checks its one
 * file with `diffFile`.
 * @module
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { CustomResourceDefinition } from '@operant/crd';
import { createTwoFilesPatch } from 'diff';
import { stringify } from 'yaml';
import { CliError } from '../errors.js';
import type { CommandIo } from '../io.js';

export interface RenderedFile {
  name: string;
  content: string;
}

export const fileName = (crd: CustomResourceDefinition) => `${crd.spec.group}_${crd.spec.names.plural}.yaml`;

export function render(crds: readonly CustomResourceDefinition[]): RenderedFile[] {
  return crds.map((crd) => ({ name: fileName(crd), content: stringify(crd, { lineWidth: 0 }) }));
}

export async function writeFiles(out: string, files: readonly RenderedFile[]): Promise<string[]> {
  await mkdir(out, { recursive: true });
  for (const file of files) await writeFile(join(out, file.name), file.content);
  return files.map((f) => join(out, f.name));
}

/** Unified diffs of every file that differs from what would be written (missing counts as empty). */
export async function drift(out: string, files: readonly RenderedFile[]): Promise<string[]> {
  const diffs: string[] = [];
  for (const file of files) {
    const diff = await diffFile(join(out, file.name), file.content);
    if (diff !== undefined) diffs.push(diff);
  }
  const expected = new Set(files.map((f) => f.name));
  const present = await readdir(out).catch(() => [] as string[]);
  for (const name of present.filter((n) => /^[^_]+_[^_]+\.yaml$/.test(n) && !expected.has(n)).sort()) {
    diffs.push(`${join(out, name)}: no longer generated (remove it)\n`);
  }
  return diffs;
}

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
