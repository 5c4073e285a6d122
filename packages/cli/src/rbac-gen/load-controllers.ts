/**
 * Entry modules → controller classes: every exported class with `@Controller` metadata,
 * and every controller of an exported `@Module` (its imports followed, as
 * `OperantFactory.create` does). Each entry must contribute at least one.
 * @module
 */
import { getModuleMetadata } from '@operant/core/decorators';
import { flattenModule, getControllerMetadata, ScanError } from '@operant/core/internal';
import { type AnyClass } from '@operant/crd';
import { CliError } from '../errors.js';
import { importEntries } from '../generate/load-entries.js';

const isController = (value: AnyClass) => getControllerMetadata(value)?.options !== undefined;

/** The controllers of one exported value: itself, those of its module, or none. */
function controllersOf(value: unknown): AnyClass[] {
  if (typeof value !== 'function') return [];
  const type = value as AnyClass;
  if (isController(type)) return [type];
  if (getModuleMetadata(type) === undefined) return [];
  let controllers: AnyClass[];
  try {
    controllers = flattenModule(type).controllers;
  } catch (err) {
    if (!ScanError.is(err)) throw err;
    throw new CliError('load', err.message, { cause: err });
  }
  for (const c of controllers) {
    if (!isController(c)) {
      throw new CliError(
        'noControllers',
        `@Module ${type.name} lists ${c.name} in "controllers", but it has no @Controller decorator`,
      );
    }
  }
  return controllers;
}

export async function loadControllers(entries: readonly string[], cwd = process.cwd()): Promise<AnyClass[]> {
  const found = new Set<AnyClass>();
  for (const { entry, exports } of await importEntries(entries, cwd)) {
    const controllers = Object.values(exports).flatMap(controllersOf);
    if (controllers.length === 0) {
      throw new CliError('noControllers', `${entry} exports no @Controller class and no @Module that lists one`);
    }
    for (const c of controllers) found.add(c);
  }
  return [...found];
}
