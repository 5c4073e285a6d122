/**
 * inversify, loaded on first use: by the first `@Controller` or webhook decorator (which make
 * their class injectable) or by `createOperator`'s container. An operator built with
 * `controllerManagedBy` never loads it (~250 modules, ~5 MiB of RSS). inversify is an ES
 * module without top-level await, so `require` returns the same instance `import` does.
 * @module
 */
import { createRequire } from 'node:module';

type Inversify = typeof import('inversify');

let loaded: Inversify | undefined;

export function inversify(): Inversify {
  loaded ??= createRequire(import.meta.url)('inversify') as Inversify;
  return loaded;
}
