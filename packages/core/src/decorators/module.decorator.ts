/**
 * `@Module({ imports?, controllers?, providers?, exports? })`: groups controllers and
 * providers, as a Nest module does: `OperantFactory.create(AppModule)` gives each module a scope
 * that sees its own providers and what its imports export; records metadata only.
 * @module
 */
import { DecoratorError, place } from './errors.js';
import { setModuleMetadata } from './metadata/storage.js';
import type { ModuleMetadata } from './metadata/types.js';

export function Module(metadata: ModuleMetadata): ClassDecorator {
  return (target) => {
    metadata.imports?.forEach((m, i) => {
      if (typeof m !== 'function')
        throw new DecoratorError(`@Module on ${place(target)}: imports[${i}] is not a class`);
    });
    setModuleMetadata(target, metadata);
  };
}
