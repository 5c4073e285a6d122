/**
 * `operant rbac-gen [entries...] --out config/rbac/role.yaml [--role-name manager-role]
 * [--namespace ns] [--check]`: kubebuilder's `make manifests` for RBAC. Imports the entry
 * modules through swc, collects their controllers and writes the least-privilege role they
 * declare (a ClusterRole, or a Role with `--namespace`), or with `--check` exits non-zero
 * and prints a diff when the file on disk differs. A ClusterRole with undeclared
 * cluster-wide writes to guarded resources (`cluster-wide.ts`) is refused either way.
 * Leader election's Lease and Events are not in it: they belong to the namespaced
 * `leader_election_role.yaml`.
 * @module
 */

import { type AnyClass } from '@operant/crd';
import { Command } from 'commander';
import { CliError } from '../errors.js';
import { writeOrCheckFile } from '../generate/output.js';
import { type CommandIo, processIo } from '../io.js';
import { checkClusterWideWrites } from './cluster-wide.js';
import { controllerGrants } from './grants.js';
import { loadControllers } from './load-controllers.js';
import { buildRole, renderRole } from './role.js';
import { rulesOf } from './rules.js';

export interface RbacGenOptions {
  /** The file to write, `config/rbac/role.yaml` by default. */
  out: string;
  /** `metadata.name` of the role, `manager-role` by default. */
  roleName?: string;
  /** A Role in this namespace instead of a ClusterRole. */
  namespace?: string;
  check?: boolean;
}

const dns1123Label = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** The role YAML for these controller classes (pure: no files, no imports). */
export function renderControllerRole(
  controllers: readonly AnyClass[],
  options: Omit<RbacGenOptions, 'out' | 'check'> = {},
): string {
  const namespaced = options.namespace !== undefined;
  const perController = controllers.map((c) => [c, controllerGrants(c, { namespaced })] as const);
  if (!namespaced) checkClusterWideWrites(perController);
  const grants = perController.flatMap(([, g]) => g);
  return renderRole(
    buildRole(rulesOf(grants), { name: options.roleName ?? 'manager-role', namespace: options.namespace }),
  );
}

/** Runs rbac-gen; resolves to the path written (or checked). Throws `CliError`. */
export async function rbacGen(entries: readonly string[], options: RbacGenOptions, io: CommandIo = processIo) {
  if (entries.length === 0) throw new CliError('config', 'rbac-gen needs at least one entry module');
  if (options.namespace !== undefined && !dns1123Label.test(options.namespace)) {
    throw new CliError('config', `--namespace needs a namespace name (a DNS-1123 label), got "${options.namespace}"`);
  }
  if (options.roleName !== undefined && !/^[^/%]+$/.test(options.roleName)) {
    throw new CliError('config', `--role-name needs a role name (no "/" or "%"), got "${options.roleName}"`);
  }
  const content = renderControllerRole(await loadControllers(entries), options);
  return writeOrCheckFile(options.out, content, {
    check: options.check,
    io,
    driftMessage: `${options.out} differs from the controllers; run operant rbac-gen`,
  });
}

export function rbacGenCommand(): Command {
  return new Command('rbac-gen')
    .description(
      "generate the manager's ClusterRole (or Role) from @Controller classes and @Rbac rules; refuses cluster-wide writes to Secrets, Leases, RBAC, admission configurations and CRDs unless an @Rbac rule declares them with clusterWide: true",
    )
    .argument(
      '<entries...>',
      'modules (.ts or .js), or folders of them, that export @Controller classes or @Module classes listing them',
    )
    .option('-o, --out <file>', 'output file', 'config/rbac/role.yaml')
    .option('--role-name <name>', 'metadata.name of the role', 'manager-role')
    .option('-n, --namespace <namespace>', 'a Role in this namespace instead of a ClusterRole')
    .option('--check', 'do not write; exit 1 and print a diff when the file on disk differs')
    .action(async (entries: string[], options: RbacGenOptions) => {
      await rbacGen(entries, options);
    });
}
