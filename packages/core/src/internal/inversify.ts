/**
 * inversify, loaded on first use: by `@Injectable()` or `@Inject(token)`, or by the container
 * of `createOperator` and `OperantFactory.create` (which makes the decorated classes it is
 * given injectable). An operator built with `controllerManagedBy` never loads it (~250
 * modules, ~5 MiB of RSS), and neither do the decorators, which only record. inversify is an
 * ES module without top-level await, so `require` returns the same instance `import` does.
 * @module
 */
import { createRequire } from 'node:module';

type Inversify = typeof import('inversify');

let loaded: Inversify | undefined;

export function inversify(): Inversify {
  loaded ??= createRequire(import.meta.url)('inversify') as Inversify;
  return loaded;
}
