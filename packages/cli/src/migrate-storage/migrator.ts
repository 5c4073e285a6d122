/**
 * Storage migration through Kubernetes' own migrator: a `storagemigration.k8s.io/v1`
 * `StorageVersionMigration` for the CRD's resource, which kube-controller-manager's
 * `storage-version-migrator-controller` carries out (it needs the
 * `garbage-collector-controller` too: it waits for the garbage collector's view of the
 * resource). Resolves when the migration reports `Succeeded`.
 * @module
 */
import type { Client, KubernetesObject } from '@operant/core';
import type { ApiClient } from '@operant/core/client';
import { resourceType } from '@operant/core/resources';
import { CliError } from '../errors.js';

interface Condition {
  type: string;
  status: string;
  message?: string;
}

export interface StorageVersionMigration extends KubernetesObject {
  spec: { resource: { group: string; resource: string } };
  status?: { conditions?: Condition[] };
}

export const StorageVersionMigrationKind = resourceType<StorageVersionMigration>({
  group: 'storagemigration.k8s.io',
  version: 'v1',
  kind: 'StorageVersionMigration',
  plural: 'storageversionmigrations',
  namespaced: false,
});

/** True when the API server serves `storagemigration.k8s.io/v1`. */
export async function migratorServed(api: ApiClient, signal?: AbortSignal): Promise<boolean> {
  const found = await api.rest
    .json<{ resources?: { name: string }[] }>(
      { method: 'GET', path: '/apis/storagemigration.k8s.io/v1', signal },
      'unable to discover storagemigration.k8s.io/v1',
    )
    .catch(() => undefined);
  return found?.resources?.some((r) => r.name === 'storageversionmigrations') ?? false;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

const conditionOf = (m: StorageVersionMigration, type: string) =>
  m.status?.conditions?.find((c) => c.type === type && c.status === 'True');

/** Creates a StorageVersionMigration for `group`/`resource` and waits up to `timeoutMs` for it to succeed. */
export async function runMigration(
  api: Client,
  target: { group: string; resource: string },
  options: { timeoutMs: number; pollMs?: number; signal?: AbortSignal },
): Promise<StorageVersionMigration> {
  const created = await api.create<StorageVersionMigration>(
    {
      apiVersion: StorageVersionMigrationKind.apiVersion,
      kind: StorageVersionMigrationKind.kind,
      metadata: { generateName: `${target.resource}.${target.group}-` },
      spec: { resource: target },
    },
    { signal: options.signal },
  );
  const name = created.metadata?.name as string;
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const m = await api.get(StorageVersionMigrationKind, { name }, { signal: options.signal });
    if (conditionOf(m, 'Succeeded')) return m;
    const failed = conditionOf(m, 'Failed');
    if (failed) {
      throw new CliError(
        'migration',
        `unable to migrate ${target.resource}.${target.group}: StorageVersionMigration ${name} failed: ${failed.message ?? ''}`,
      );
    }
    if (Date.now() > deadline || options.signal?.aborted) {
      throw new CliError(
        'migration',
        `unable to migrate ${target.resource}.${target.group}: StorageVersionMigration ${name} did not succeed within ${options.timeoutMs / 1000} s; is kube-controller-manager running storage-version-migrator-controller (and garbage-collector-controller)? --via rewrite migrates without it`,
      );
    }
    await sleep(options.pollMs ?? 500, options.signal);
  }
}
