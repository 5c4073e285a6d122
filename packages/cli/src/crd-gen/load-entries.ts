/**
 * Imports the entry modules through swc (for their side effects: decorators run on import)
 * and returns their exports; a folder entry stands for every module below it (`src/api`,
 * as a scaffolded project's `manifests` script passes it; specs and `.d.ts` are skipped); `loadResourceClasses` collects the exported classes marked
 * `@CustomResource`, in a stable order. rbac-gen reads the same exports for controllers.
 * @module
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type AnyClass, getResourceMetadata } from '@operant/crd';
import { CliError } from '../errors.js';
import { registerTypeScriptHooks } from './swc-hooks.js';

/** One imported entry: the path as given and the module's exports. */
export interface LoadedEntry {
  entry: string;
  exports: Record<string, unknown>;
}

const moduleFile = /\.(m?ts|m?js)$/;
const skipped = /(\.d\.m?ts|\.(spec|test)\.m?[jt]s)$/;

/** The modules an entry stands for: itself, or a folder's modules, sorted. */
export function modulesOf(path: string): string[] {
  if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) return [path];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .filter((f) => moduleFile.test(f) && !skipped.test(f))
    .sort()
    .map((f) => join(path, f));
}

/** Imports each entry, in order. Throws `CliError('load')` naming the entry that failed. */
export async function importEntries(entries: readonly string[], cwd = process.cwd()): Promise<LoadedEntry[]> {
  registerTypeScriptHooks();
  const loaded: LoadedEntry[] = [];
  for (const entry of entries) {
    const exports: Record<string, unknown> = {};
    for (const module of modulesOf(resolve(cwd, entry))) {
      try {
        const imported: Record<string, unknown> = await import(pathToFileURL(module).href);
        for (const [name, value] of Object.entries(imported)) exports[`${module}#${name}`] = value;
      } catch (err) {
        const which = module === resolve(cwd, entry) ? entry : `${module} (in ${entry})`;
        throw new CliError('load', `unable to import ${which}: ${(err as Error).message}`, { cause: err });
      }
    }
    loaded.push({ entry, exports });
  }
  return loaded;
}

export async function loadResourceClasses(entries: readonly string[], cwd = process.cwd()): Promise<AnyClass[]> {
  const found = new Set<AnyClass>();
  for (const { exports } of await importEntries(entries, cwd)) {
    for (const value of Object.values(exports)) {
      if (typeof value === 'function' && getResourceMetadata(value)?.options !== undefined)
        found.add(value as AnyClass);
    }
  }
  if (found.size === 0) {
    throw new CliError('noResources', `no exported @CustomResource class in ${entries.join(', ')}`);
  }
  return [...found];
}
