/**
 * `operant init --domain example.com [--name redis-operator] [--owner "…"] [--repo-dir dir]
 * [--namespaced] [--multigroup] [--force] [--operant-source dir]`: kubebuilder's `init` in
 * TypeScript. Writes the project (manager entry point, root module, kustomize config,
 * Dockerfile, jest with envtest, package.json scripts for kubebuilder's Makefile targets)
 * into an empty directory. `--namespaced`: a manager that watches only its namespace, with a
 * Role there (templates/manager-scope.ts); `--multigroup`: a folder per API group.
 * @module
 */
import { mkdir } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { Command } from 'commander';
import { type CommandIo, processIo } from '../io.js';
import { validateDomain, validateProjectName } from '../scaffold/names.js';
import { requireEmptyDirectory, writeScaffold } from '../scaffold/write-files.js';
import { operantSpecs } from './operant-source.js';
import { initFiles } from './templates/index.js';

export interface InitOptions {
  domain: string;
  /** Defaults to the name of the project directory. */
  name?: string;
  owner?: string;
  /** The project directory (created when missing); the current directory by default. */
  repoDir?: string;
  force?: boolean;
  /** A folder of `pnpm pack` tarballs of the `@operant/*` packages. */
  operantSource?: string;
  /** The manager watches only the namespace it runs in; its RBAC is a Role there. */
  namespaced?: boolean;
  /** APIs under `src/api/<group>/<version>/`, controllers under `src/controllers/<group>/`. */
  multigroup?: boolean;
}

/** Scaffolds a project; resolves to the files written. Throws `CliError`. */
export async function init(options: InitOptions, io: CommandIo = processIo): Promise<string[]> {
  const dir = resolve(options.repoDir ?? '.');
  const name = options.name ?? basename(dir);
  validateDomain(options.domain);
  validateProjectName(name);
  const operant = await operantSpecs(options.operantSource);
  if (!options.force) await requireEmptyDirectory(dir);
  await mkdir(dir, { recursive: true });
  const files = initFiles({
    domain: options.domain,
    name,
    owner: options.owner,
    operant,
    overrides: options.operantSource !== undefined,
    namespaced: options.namespaced === true,
    multigroup: options.multigroup === true,
  });
  const written = await writeScaffold(dir, files, options.force);
  io.stdout(
    `wrote ${written.length} files in ${dir}\nNext: pnpm install, then create an API with:\n  pnpm exec operant create api --group <group> --version v1 --kind <Kind>\n`,
  );
  return written;
}

export function initCommand(): Command {
  return new Command('init')
    .description('scaffold a new operator project (kubebuilder init)')
    .requiredOption('--domain <domain>', 'domain of the API groups (group.<domain>), e.g. example.com')
    .option('--name <name>', 'project name, a DNS-1123 label (default: the directory name)')
    .option('--owner <owner>', 'copyright owner (package.json author, README)')
    .option('--repo-dir <dir>', 'project directory, created when missing (default: the current directory)')
    .option(
      '--namespaced',
      "a manager that watches only its own namespace, with a Role there (kubebuilder's --namespaced)",
    )
    .option('--multigroup', 'a folder per API group: src/api/<group>/<version>, src/controllers/<group>')
    .option('--force', 'write into a non-empty directory, overwriting files')
    .option('--operant-source <dir>', 'take @operant/* from the `pnpm pack` tarballs in this folder')
    .action(async (options: InitOptions) => {
      await init(options);
    });
}
