/**
 * Where the runs of `torture` happen (`TortureOptions.backend`): the API server of
 * `kubeConfig` (`controlPlane`, the default), or an in-memory fake client per run (`fake`,
 * fake-backend.ts). A backend gives a run its user's client, its namespace, the kind of a
 * step's object, and a new manager each time one (re)starts; the perturbations wrap that
 * manager the same way on both.
 * @module
 */
import type { Client, KubernetesObject } from '@operant/core';
import { ApiClient } from '@operant/core/client';
import type { ResourceInfo } from '@operant/core/internal';
import { noopLogger } from '@operant/core/log';
import { type Manager, type ManagerOptions, newManager } from '@operant/core/manager';
import type { TortureOptions } from './options.js';
import { TortureError } from './torture-error.js';

/** What one run is given by its backend. */
export interface RunBackend {
  /** The user's client: the steps, the end state, the present behind a stale read. */
  readonly user: Client;
  /** Makes the run's namespace. */
  prepare(namespace: string): Promise<void>;
  /** The kind of a step's object, as the API server knows it. */
  kindOf(obj: KubernetesObject): Promise<ResourceInfo>;
  /** A new manager whose cache holds the run's namespace (`torture`'s defaults over `options.manager`). */
  newManager(namespace: string): Manager;
  /** Leaves what the run made to be removed (in the background). */
  finish(namespace: string): void;
}

const STOP_GRACE_MS = 5_000;

/** The `ManagerOptions` `torture` sets on every manager, over `options.manager`. */
export function managerDefaults(options: TortureOptions): ManagerOptions {
  return {
    ...options.manager,
    metrics: { collectDefaultMetrics: false },
    logger: options.manager?.logger ?? noopLogger,
    recordCauses: options.manager?.recordCauses ?? true,
    gracefulShutdownTimeoutMs: options.manager?.gracefulShutdownTimeoutMs ?? STOP_GRACE_MS,
  };
}

/** The control plane of `options.kubeConfig`: a namespace per run, deleted when it ends. */
export function controlPlaneBackend(options: TortureOptions): RunBackend {
  const { kubeConfig } = options;
  if (kubeConfig === undefined) {
    throw new TortureError(
      'config',
      'unable to torture on a control plane without kubeConfig (or use backend: "fake")',
    );
  }
  const user = new ApiClient({ kubeConfig, registry: options.manager?.registry, fieldOwner: 'torture-user' });
  const namespaceObject = (name: string) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  return {
    user,
    prepare: async (namespace) => {
      await user.create(namespaceObject(namespace)).catch((err) => {
        throw new TortureError('scenario', `unable to create Namespace ${namespace}`, { cause: err });
      });
    },
    kindOf: async ({ apiVersion = '', kind = '' }) =>
      user.registry.lookup(apiVersion, kind) ?? (await user.discovery.resolve(apiVersion, kind)),
    newManager: (namespace) =>
      newManager({
        ...managerDefaults(options),
        kubeConfig,
        cache: { ...options.manager?.cache, defaultNamespaces: [namespace] },
      }),
    finish: (namespace) => void user.delete(namespaceObject(namespace)).catch(() => undefined),
  };
}
