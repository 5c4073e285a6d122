/**
 * CRDs → files: one `<group>_<plural>.yaml` per CRD (controller-gen's names), YAML with
 * sorted keys and no line folding, so output is deterministic. `--check` compares with
 * the files on disk and returns a unified diff per drifted file (`diffFile` of
 * `generate/output.ts`, which the other generators use for their one file).
 * @module
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CustomResourceDefinition } from '@operant/crd';
import { stringify } from 'yaml';
import { diffFile } from '../generate/output.js';

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
