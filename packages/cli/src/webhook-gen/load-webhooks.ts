/**
 * Entry modules → webhook classes: every exported class with `@ValidatingWebhook`,
 * `@DefaultingWebhook` or `@Conversion` metadata, and every webhook an exported `@Module`
 * lists (its imports followed, as `OperantFactory.create` does).
 * @module
 */
import { getModuleMetadata } from '@operant/core/decorators';
import { flattenModule, getWebhookMetadata, ScanError } from '@operant/core/internal';
import { type AnyClass } from '@operant/crd';
import { CliError } from '../errors.js';
import { importEntries } from '../generate/load-entries.js';

function webhooksOf(value: unknown): AnyClass[] {
  if (typeof value !== 'function') return [];
  const type = value as AnyClass;
  if (getWebhookMetadata(type) !== undefined) return [type];
  if (getModuleMetadata(type) === undefined) return [];
  try {
    return flattenModule(type).webhooks;
  } catch (err) {
    if (!ScanError.is(err)) throw err;
    throw new CliError('load', err.message, { cause: err });
  }
}

/** The webhook classes the entries export, in a stable order (may be empty). */
export async function loadWebhooks(entries: readonly string[], cwd = process.cwd()): Promise<AnyClass[]> {
  const found = new Set<AnyClass>();
  for (const { exports } of await importEntries(entries, cwd)) {
    for (const value of Object.values(exports)) for (const w of webhooksOf(value)) found.add(w);
  }
  return [...found];
}
