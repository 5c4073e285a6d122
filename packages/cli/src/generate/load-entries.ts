/**
 * Imports the entry modules through swc (for their side effects: decorators run on import)
 * and returns their exports; a folder entry stands for every module below it (`src/api`,
 * as a scaffolded project's `manifests` script passes it; specs and `.d.ts` are skipped).
 * crd-gen collects the exported `@CustomResource` classes from them, rbac-gen the
 * controllers, webhook-gen the webhooks.
 * @module
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
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
