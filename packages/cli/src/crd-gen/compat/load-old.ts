/**
 * Reads the CRDs `--check-compat` compares against: a YAML file, a folder of them, or a git
 * ref (`main`, `v1.2.0`, `HEAD~1`: the files of `--out` at that commit, read with
 * `git show <ref>:<path>`; `<ref>:<folder>` names another folder). Documents that are not
 * CustomResourceDefinitions are skipped.
 * @module
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { CliError } from '../../errors.js';
import type { StoredCrd } from './crd-rules.js';

const git = async (cwd: string, ...args: string[]): Promise<string> =>
  (await promisify(execFile)('git', args, { cwd, maxBuffer: 64 * 1024 * 1024 })).stdout;

function crdsIn(text: string, source: string): StoredCrd[] {
  return parseAllDocuments(text).flatMap((doc) => {
    if (doc.errors.length > 0) {
      throw new CliError('load', `unable to parse ${source}: ${doc.errors[0]?.message}`);
    }
    const value = doc.toJS() as { kind?: string } | null;
    return value?.kind === 'CustomResourceDefinition' ? [value as StoredCrd] : [];
  });
}

const isYaml = (name: string) => /\.ya?ml$/.test(name);

const isDirectory = (path: string) =>
  stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );

async function fromPath(path: string): Promise<StoredCrd[]> {
  if (!(await stat(path)).isDirectory()) return crdsIn(await readFile(path, 'utf8'), path);
  const names = (await readdir(path)).filter(isYaml).sort();
  const texts = await Promise.all(names.map((name) => readFile(join(path, name), 'utf8')));
  return texts.flatMap((text, i) => crdsIn(text, join(path, names[i] as string)));
}

async function fromGit(ref: string, out: string): Promise<StoredCrd[]> {
  const here = (await isDirectory(resolve(out))) ? await realpath(resolve(out)) : process.cwd();
  const [commit, folder] = ref.includes(':') ? ref.split(/:(.*)/s) : [ref, undefined];
  let top: string;
  try {
    top = (await git(here, 'rev-parse', '--show-toplevel')).trim();
    await git(top, 'rev-parse', '--verify', '--quiet', `${commit}^{commit}`);
  } catch (err) {
    throw new CliError('config', `unable to read ${ref}: neither a file, a folder nor a git ref`, { cause: err });
  }
  const dir = folder ?? relative(top, here === process.cwd() ? resolve(out) : here);
  const listing = await git(top, 'ls-tree', '--name-only', `${commit}`, '--', `${dir}/`);
  const paths = listing.split('\n').filter(isYaml).sort();
  const texts = await Promise.all(paths.map((path) => git(top, 'show', `${commit}:${path}`)));
  return texts.flatMap((text, i) => crdsIn(text, `${commit}:${paths[i]}`));
}

/** The old CRDs of `--check-compat <source>`; `out` is crd-gen's `--out`, the folder a git ref is read at. */
export async function loadOldCrds(source: string, out: string): Promise<StoredCrd[]> {
  const exists = await stat(source).then(
    () => true,
    () => false,
  );
  return exists ? fromPath(source) : fromGit(source, out);
}
