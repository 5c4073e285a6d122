/**
 * Reads Kubernetes manifests from files and folders (not recursive; `.yaml`, `.yml`,
 * `.json`; multi-document), keeping the objects of the wanted kinds — for the CRD and the
 * webhook configuration installs. Problems are `EnvtestError`s of the caller's kind.
 * @module
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { EnvtestError, type EnvtestErrorKind } from './errors.js';

const manifestExtensions = new Set(['.yaml', '.yml', '.json']);

export interface ReadManifestsOptions {
  kinds: ReadonlySet<string>;
  errorIfMissing: boolean;
  /** The error kind, and what the objects are called in messages ("CRDs"). */
  errorKind: EnvtestErrorKind;
  what: string;
}

async function manifestFiles(path: string, options: ReadManifestsOptions): Promise<string[]> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) {
    if (options.errorIfMissing) {
      throw new EnvtestError(options.errorKind, `unable to read ${options.what}: ${path} does not exist`);
    }
    return [];
  }
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path);
  return entries
    .filter((entry) => manifestExtensions.has(extname(entry)))
    .sort()
    .map((entry) => join(path, entry));
}

/** Every object of one of `options.kinds` in the given files and folders; other kinds are ignored. */
export async function readManifests<T extends { kind?: string }>(
  paths: readonly string[],
  options: ReadManifestsOptions,
): Promise<T[]> {
  const objects: T[] = [];
  for (const path of paths) {
    for (const file of await manifestFiles(path, options)) {
      const documents = parseAllDocuments(await readFile(file, 'utf8'));
      for (const document of Array.isArray(documents) ? documents : [documents]) {
        if (document.errors.length > 0) {
          throw new EnvtestError(options.errorKind, `unable to parse ${file}: ${document.errors[0]?.message}`);
        }
        const object = document.toJS() as T | null;
        if (object?.kind !== undefined && options.kinds.has(object.kind)) objects.push(object);
      }
    }
  }
  return objects;
}
