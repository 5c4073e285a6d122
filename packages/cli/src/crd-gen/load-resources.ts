/**
 * The `@CustomResource` classes that crd-gen's entries export, in a stable order (the order
 * of the entries and their modules' exports), each once.
 * @module
 */
import type { AnyClass } from '@operant/crd';
import { getResourceMetadata } from '@operant/crd/metadata';
import { CliError } from '../errors.js';
import { importEntries } from '../generate/load-entries.js';

/** Imports the entries and collects their `@CustomResource` classes; throws `CliError('noResources')` when there is none. */
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
