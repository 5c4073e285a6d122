/**
 * Imports the entry modules (for their side effects: decorators run on import) and
 * collects the exported classes marked `@CustomResource`, in a stable order.
 * @module
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type AnyClass, getResourceMetadata } from '@operant/crd';
import { CliError } from '../errors.js';
import { registerTypeScriptHooks } from './swc-hooks.js';

export async function loadResourceClasses(entries: readonly string[], cwd = process.cwd()): Promise<AnyClass[]> {
  registerTypeScriptHooks();
  const found = new Set<AnyClass>();
  for (const entry of entries) {
    const path = resolve(cwd, entry);
    let module: Record<string, unknown>;
    try {
      module = await import(pathToFileURL(path).href);
    } catch (err) {
      throw new CliError('load', `unable to import ${entry}: ${(err as Error).message}`, { cause: err });
    }
    for (const value of Object.values(module)) {
      if (typeof value === 'function' && getResourceMetadata(value)?.options !== undefined) found.add(value);
    }
  }
  if (found.size === 0) {
    throw new CliError('noResources', `no exported @CustomResource class in ${entries.join(', ')}`);
  }
  return [...found];
}
