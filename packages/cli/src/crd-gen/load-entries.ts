/**
 * Imports the entry modules through swc (for their side effects: decorators run on import)
 * and returns their exports; `loadResourceClasses` collects the exported classes marked
 * `@CustomResource`, in a stable order. rbac-gen reads the same exports for controllers.
 * @module
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type AnyClass, getResourceMetadata } from '@operant/crd';
import { CliError } from '../errors.js';
import { registerTypeScriptHooks } from './swc-hooks.js';

/** One imported entry: the path as given and the module's exports. */
export interface LoadedEntry {
  entry: string;
  exports: Record<string, unknown>;
}

/** Imports each entry, in order. Throws `CliError('load')` naming the entry that failed. */
export async function importEntries(entries: readonly string[], cwd = process.cwd()): Promise<LoadedEntry[]> {
  registerTypeScriptHooks();
  const loaded: LoadedEntry[] = [];
  for (const entry of entries) {
    try {
      loaded.push({ entry, exports: await import(pathToFileURL(resolve(cwd, entry)).href) });
    } catch (err) {
      throw new CliError('load', `unable to import ${entry}: ${(err as Error).message}`, { cause: err });
    }
  }
  return loaded;
}

export async function loadResourceClasses(entries: readonly string[], cwd = process.cwd()): Promise<AnyClass[]> {
  const found = new Set<AnyClass>();
  for (const { exports } of await importEntries(entries, cwd)) {
    for (const value of Object.values(exports)) {
      if (typeof value === 'function' && getResourceMetadata(value)?.options !== undefined) found.add(value);
    }
  }
  if (found.size === 0) {
    throw new CliError('noResources', `no exported @CustomResource class in ${entries.join(', ')}`);
  }
  return [...found];
}
