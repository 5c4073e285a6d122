/**
 * The checks `@Dependent` and `@ExternalDependent` make of their options where they are
 * applied: strings, the `dependsOn` list, functions and flags of the right types.
 * @module
 */
import { DecoratorError } from './errors.js';

type Checked = Partial<Record<'name' | 'fieldOwner' | 'dependsOn' | 'readyWhen' | 'activeWhen' | 'force', unknown>>;

/** Throws a `DecoratorError` at `where` for an option of the wrong type; `shape` lists the options taken. */
export function checkDependentOptions(where: string, options: Checked, shape: string): void {
  if (typeof options !== 'object' || options === null) {
    throw new DecoratorError(`${where}: options must be ${shape}`);
  }
  for (const key of ['name', 'fieldOwner'] as const) {
    if (options[key] !== undefined && (typeof options[key] !== 'string' || options[key] === '')) {
      throw new DecoratorError(`${where}: "${key}", when given, must be a non-empty string`);
    }
  }
  const { dependsOn } = options;
  if (dependsOn !== undefined && !(Array.isArray(dependsOn) && dependsOn.every((d) => typeof d === 'string'))) {
    throw new DecoratorError(`${where}: "dependsOn", when given, must be an array of dependent names`);
  }
  for (const key of ['readyWhen', 'activeWhen'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'function') {
      throw new DecoratorError(`${where}: "${key}", when given, must be a function`);
    }
  }
  if (options.force !== undefined && typeof options.force !== 'boolean') {
    throw new DecoratorError(`${where}: "force", when given, must be true or false`);
  }
}
