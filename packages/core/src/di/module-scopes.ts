/**
 * Nest's module scopes for `OperantFactory.create(AppModule)`: each `@Module` gets a child of the
 * application's container holding its own providers, controllers and webhooks, plus what its
 * imports export (re-exported modules followed). A provider of another module that is not
 * exported to it resolves to an error naming the token and both modules. Singletons stay one
 * per application: an imported token resolves in the container of the module that provides it.
 * @module
 */
import type { Container, ServiceIdentifier } from 'inversify';
import { getModuleMetadata } from '../decorators/metadata/storage.js';
import type { AnyClass, ModuleMetadata } from '../decorators/metadata/types.js';
import { inversify } from '../internal/inversify.js';
import { bindProvider, providerName, providerToken } from './container.js';
import { ScanError } from './errors.js';

export interface ModuleScopes {
  /** The container of the module that provides or lists `token`; undefined for the runtime's parts. */
  containerOf(token: unknown): Container | undefined;
}

const tokenOf = (exported: unknown): unknown =>
  typeof exported === 'object' && exported !== null && 'provide' in exported
    ? (exported as { provide: unknown }).provide
    : exported;

/** One container per module of `root`'s graph (already checked by `flattenModule`), children of `app`. */
export function moduleScopes(root: AnyClass, app: Container): ModuleScopes {
  const modules = new Map<AnyClass, ModuleMetadata>();
  const collect = (mod: AnyClass) => {
    if (modules.has(mod)) return;
    const meta = getModuleMetadata(mod) ?? {};
    modules.set(mod, meta);
    for (const imported of meta.imports ?? []) collect(imported);
  };
  collect(root);

  const owner = new Map<unknown, AnyClass>();
  for (const [mod, meta] of modules) {
    for (const provider of meta.providers ?? []) owner.set(providerToken(provider), mod);
    for (const type of [...(meta.controllers ?? []), ...(meta.webhooks ?? [])]) {
      if (!owner.has(type)) owner.set(type, mod);
    }
  }

  const exported = new Map<AnyClass, Set<unknown>>();
  const exportsOf = (mod: AnyClass): Set<unknown> => {
    const known = exported.get(mod);
    if (known !== undefined) return known;
    const tokens = new Set<unknown>();
    exported.set(mod, tokens);
    for (const entry of modules.get(mod)?.exports ?? []) {
      const token = tokenOf(entry);
      if (typeof token === 'function' && modules.has(token as AnyClass) && owner.get(token) === undefined) {
        for (const t of exportsOf(token as AnyClass)) tokens.add(t);
      } else tokens.add(token);
    }
    return tokens;
  };

  const containers = new Map<AnyClass, Container>();
  for (const mod of modules.keys()) {
    containers.set(mod, new (inversify().Container)({ parent: app, defaultScope: 'Singleton' }));
  }
  for (const [mod, meta] of modules) {
    const container = containers.get(mod) as Container;
    for (const provider of meta.providers ?? []) bindProvider(container, provider);
    for (const type of [...(meta.controllers ?? []), ...(meta.webhooks ?? [])]) {
      if (!container.isCurrentBound(type)) container.bind(type).toSelf().inSingletonScope();
    }
    const visible = new Set<unknown>();
    for (const imported of meta.imports ?? []) for (const t of exportsOf(imported)) visible.add(t);
    for (const [token, provider] of owner) {
      if (provider === mod || container.isCurrentBound(token as ServiceIdentifier)) continue;
      const from = containers.get(provider) as Container;
      if (visible.has(token)) {
        container.bind(token as ServiceIdentifier).toResolvedValue(() => from.getAsync(token as ServiceIdentifier));
      } else {
        container.bind(token as ServiceIdentifier).toDynamicValue(() => {
          throw notVisible(token, mod, provider, exportsOf(provider).has(token));
        });
      }
    }
  }
  return {
    containerOf: (token) => {
      const mod = owner.get(token);
      return mod === undefined ? undefined : containers.get(mod);
    },
  };
}

function notVisible(token: unknown, importer: AnyClass, provider: AnyClass, exported: boolean): ScanError {
  const name = providerName({ provide: token, useValue: undefined });
  const why = exported
    ? `${provider.name} exports it but ${importer.name} does not import ${provider.name}`
    : `${provider.name} provides it but does not export it`;
  return new ScanError([
    { kind: 'providerNotExported', message: `unable to resolve ${name} in ${importer.name}: ${why}` },
  ]);
}
