/**
 * `operant migrate-storage <crd...> [--via auto|migrator|rewrite] [--kubeconfig path]`:
 * the step after changing a CRD's storage version. Moves every stored object to the
 * storage version (migrate.ts) and leaves only that version in `status.storedVersions`, so
 * that the next release may drop the old version.
 * @module
 */
import * as client from '@operant/core/client';
import { ApiClient } from '@operant/core/client';
import { Command } from 'commander';
import { CliError } from '../errors.js';
import { type CommandIo, processIo } from '../io.js';
import { type MigrateStorageOptions, type MigrateStorageResult, migrateStorage } from './migrate.js';

export interface MigrateStorageCommandOptions extends Omit<MigrateStorageOptions, 'signal'> {
  /** A kubeconfig file; the default chain (`KUBECONFIG`, in-cluster, `~/.kube/config`) when absent. */
  kubeconfig?: string;
}

function describe(r: MigrateStorageResult): string {
  if (r.via === 'none') return `${r.crd}: only ${r.storageVersion} is stored, nothing to migrate\n`;
  const how = r.via === 'migrator' ? 'a StorageVersionMigration' : `rewriting ${r.rewritten} object(s)`;
  return `${r.crd}: migrated to ${r.storageVersion} by ${how}; storedVersions [${r.storedVersions.join(', ')}] -> [${r.storageVersion}]\n`;
}

/** Runs migrate-storage for each CRD name; resolves to the results. Throws `CliError`. */
export async function migrateStorageCommand(
  crds: readonly string[],
  options: MigrateStorageCommandOptions,
  io: CommandIo = processIo,
): Promise<MigrateStorageResult[]> {
  let kubeConfig: client.KubeConfig;
  try {
    kubeConfig = client.loadKubeConfig(options.kubeconfig);
  } catch (err) {
    const which = options.kubeconfig ?? 'the default kubeconfig';
    throw new CliError('config', `unable to load ${which}: ${(err as Error).message}`, { cause: err });
  }
  const api = new ApiClient({ kubeConfig, fieldOwner: 'operant-migrate-storage' });
  const results: MigrateStorageResult[] = [];
  for (const name of crds) {
    const result = await migrateStorage(api, name, options);
    io.stdout(describe(result));
    results.push(result);
  }
  return results;
}

export function migrateStorageCliCommand(): Command {
  return new Command('migrate-storage')
    .description(
      'move every stored object of a CRD to its storage version, then leave only that version in status.storedVersions',
    )
    .argument('<crds...>', 'CRD names, such as widgets.demo.operant.dev')
    .option(
      '--via <how>',
      'auto (a StorageVersionMigration when the API server serves storagemigration.k8s.io/v1, else rewrite), migrator or rewrite (read and write back every object)',
      (v) => {
        if (v !== 'auto' && v !== 'migrator' && v !== 'rewrite')
          throw new CliError('config', `--via needs auto, migrator or rewrite, got ${v}`);
        return v;
      },
      'auto',
    )
    .option('--timeout <seconds>', 'how long to wait for a StorageVersionMigration', (v) => {
      const n = Number(v);
      if (!(n > 0)) throw new CliError('config', `--timeout needs a positive number of seconds, got ${v}`);
      return n;
    })
    .option('--kubeconfig <path>', 'the cluster (default: KUBECONFIG, in-cluster, then ~/.kube/config)')
    .action(async (crds: string[], options: MigrateStorageCommandOptions & { timeout?: number }) => {
      const { timeout, ...rest } = options;
      await migrateStorageCommand(crds, { ...rest, timeoutMs: timeout === undefined ? undefined : timeout * 1000 });
    });
}
