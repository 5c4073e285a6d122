/**
 * `migrateStorage(crd)`: after a CRD's storage version changed, re-encodes every stored
 * object at the new storage version, then sets the CRD's `status.storedVersions` to that
 * version alone, so that the old version can be removed from the CRD.
 *
 * Objects are migrated by Kubernetes' own migrator (a `storagemigration.k8s.io/v1`
 * `StorageVersionMigration`, which Kubernetes 1.37 serves and kube-controller-manager
 * carries out) when the API server serves it, else by reading every object and writing it
 * back unchanged (`rewrite.ts`);
 * `via` picks one. An admin step of a rollout, run once against the cluster: so it lives
 * in the CLI (`operant migrate-storage`), not in the operator's runtime.
 * @module
 */
import type { ApiClient } from '@operant/core/client';
import { CustomResourceDefinition } from '@operant/core/kinds';
import { resourceType } from '@operant/core/resources';
import { CliError } from '../errors.js';
import { retryOnConflict } from './conflict-retry.js';
import { migratorServed, runMigration } from './migrator.js';
import { rewriteAll } from './rewrite.js';

export interface MigrateStorageOptions {
  /**
   * `migrator`: a StorageVersionMigration; `rewrite`: read and write back every object;
   * `auto` (default): the migrator when the API server serves `storagemigration.k8s.io/v1`.
   */
  via?: 'auto' | 'migrator' | 'rewrite';
  /** How long to wait for the StorageVersionMigration to succeed; default 5 minutes. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface MigrateStorageResult {
  crd: string;
  storageVersion: string;
  /** `status.storedVersions` before the migration. */
  storedVersions: string[];
  /** How the objects were migrated; `none` when only the storage version was ever stored. */
  via: 'migrator' | 'rewrite' | 'none';
  /** Objects rewritten (`rewrite` only). */
  rewritten?: number;
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/** Migrates the objects of the CRD `name` (`widgets.demo.operant.dev`) to its storage version and prunes `storedVersions`. */
export async function migrateStorage(
  api: ApiClient,
  name: string,
  options: MigrateStorageOptions = {},
): Promise<MigrateStorageResult> {
  const { signal } = options;
  const crd = await api.get(CustomResourceDefinition, { name }, { signal });
  const storage = crd.spec.versions.find((v) => v.storage)?.name;
  if (storage === undefined)
    throw new CliError('migration', `unable to migrate CustomResourceDefinition ${name}: no storage version`);
  const storedVersions = crd.status?.storedVersions ?? [];
  const result = { crd: name, storageVersion: storage, storedVersions };
  if (storedVersions.length === 1 && storedVersions[0] === storage) return { ...result, via: 'none' };

  const via =
    options.via === 'auto' || options.via === undefined
      ? (await migratorServed(api, signal))
        ? 'migrator'
        : 'rewrite'
      : options.via;
  let rewritten: number | undefined;
  if (via === 'migrator') {
    await runMigration(
      api,
      { group: crd.spec.group, resource: crd.spec.names.plural },
      {
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        signal,
      },
    );
  } else {
    const type = resourceType({
      group: crd.spec.group,
      version: storage,
      kind: crd.spec.names.kind,
      plural: crd.spec.names.plural,
      namespaced: crd.spec.scope === 'Namespaced',
    });
    rewritten = await rewriteAll(api, type, signal);
  }
  await retryOnConflict(async () => {
    const live = await api.get(CustomResourceDefinition, { name }, { signal });
    await api.status().update({ ...live, status: { ...live.status, storedVersions: [storage] } }, { signal });
  });
  return { ...result, via, ...(rewritten === undefined ? {} : { rewritten }) };
}
