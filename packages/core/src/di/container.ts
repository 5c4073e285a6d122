/**
 * The inversify container of an operator: the runtime's shared parts, read from its
 * `Cluster` (`CLUSTER`, `Cache`, `KubeConfig`, `CLIENT`, `LOGGER`, `EVENT_RECORDER`,
 * `OPERATOR_OPTIONS`; `MANAGER` when the cluster is the application's Manager) and the user's
 * providers (classes, values, classes under a token, sync or async factories; singleton by
 * default). @operant/testing's reconcile harness builds its container here too.
 * @module
 */
import type { Container, ServiceIdentifier } from 'inversify';
import { Cache } from '../cache/cache.js';
import { KubeConfig } from '../client/config.js';
import type { Provider } from '../decorators/metadata/types.js';
import { inversify } from '../internal/inversify.js';
import type { Cluster } from '../manager/cluster.js';
import type { Manager } from '../manager/interfaces.js';
import { CLIENT, CLUSTER, EVENT_RECORDER, LOGGER, MANAGER, OPERATOR_OPTIONS } from './tokens.js';

// biome-ignore lint/suspicious/noExplicitAny: any constructor
type Ctor = new (...args: any[]) => unknown;

const nameOf = (token: unknown): string =>
  typeof token === 'function' ? token.name : typeof token === 'symbol' ? token.toString() : String(token);

export function providerToken(provider: Provider): unknown {
  return typeof provider === 'function' ? provider : provider.provide;
}

export function providerName(provider: Provider): string {
  return nameOf(providerToken(provider));
}

/** What a provider registers, for messages: `class Foo`, `useClass Foo`, `useValue`, `useFactory`. */
export function providerSource(provider: Provider): string {
  if (typeof provider === 'function') return `class ${provider.name}`;
  if ('useClass' in provider) return `useClass ${nameOf(provider.useClass)}`;
  return 'useValue' in provider ? 'useValue' : 'useFactory';
}

/** Binds one provider (class, value, class under a token, factory) as `createOperator` does. */
export function bindProvider(container: Container, provider: Provider): void {
  if (typeof provider === 'function') {
    container.bind(provider).toSelf().inSingletonScope();
    return;
  }
  const token = provider.provide as ServiceIdentifier;
  if ('useValue' in provider) {
    container.bind(token).toConstantValue(provider.useValue);
  } else if ('useClass' in provider) {
    const binding = container.bind(token).to(provider.useClass as Ctor);
    if (provider.scope === 'transient') binding.inTransientScope();
    else binding.inSingletonScope();
  } else {
    const inject = (provider.inject ?? []) as ServiceIdentifier[];
    const factory = provider.useFactory as (...deps: unknown[]) => unknown;
    const binding = container.bind(token).toResolvedValue((...deps: unknown[]) => factory(...deps), inject as never);
    if (provider.scope === 'transient') binding.inTransientScope();
    else binding.inSingletonScope();
  }
}

/** Where the container's runtime parts come from: a Manager, or a bare Cluster and the name its Events report as. */
export type ContainerRuntime = { manager: Manager } | { cluster: Cluster; eventSource: string };

export function createContainer(
  runtime: ContainerRuntime,
  providers: readonly Provider[],
  options: unknown,
): Container {
  const container = new (inversify().Container)({ defaultScope: 'Singleton' });
  const cluster = 'manager' in runtime ? runtime.manager : runtime.cluster;
  const eventSource = 'manager' in runtime ? runtime.manager.eventSource : runtime.eventSource;
  if ('manager' in runtime) container.bind(MANAGER).toConstantValue(runtime.manager);
  container.bind(CLUSTER).toConstantValue(cluster);
  // Operant's KubeConfig class is the token; the value may be a client-node KubeConfig too
  container.bind<unknown>(KubeConfig).toConstantValue(cluster.kubeConfig);
  container.bind<unknown>(Cache).toConstantValue(cluster.cache);
  container.bind(CLIENT).toConstantValue(cluster.client);
  container.bind(LOGGER).toConstantValue(cluster.logger);
  container.bind(OPERATOR_OPTIONS).toConstantValue(options);
  container.bind(EVENT_RECORDER).toConstantValue(cluster.getEventRecorderFor(eventSource));
  for (const provider of providers) bindProvider(container, provider);
  return container;
}
