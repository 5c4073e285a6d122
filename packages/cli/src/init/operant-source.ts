/**
 * `--operant-source <dir>`: before the `@operant/*` packages are published, a generated
 * project takes them from tarballs that `pnpm pack` wrote into `dir` (in an Operant clone:
 * `pnpm packages:pack <dir>`, which builds the packages and packs each one, its `dist/`
 * included and its `workspace:` dependencies turned into versions). Each dependency becomes
 * `file:<dir>/operant-<name>-<version>.tgz`.
 * @module
 */
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CliError } from '../errors.js';
import { type OperantPackage, operantPackages, operantVersion } from '../scaffold/versions.js';

export async function operantSpecs(source: string | undefined): Promise<Record<OperantPackage, string>> {
  if (source === undefined) {
    return Object.fromEntries(operantPackages.map((p) => [p, operantVersion])) as Record<OperantPackage, string>;
  }
  const dir = resolve(source);
  const files = await readdir(dir).catch((err: unknown) => {
    throw new CliError('config', `--operant-source ${source}: unable to read the folder`, { cause: err });
  });
  const specs: Partial<Record<OperantPackage, string>> = {};
  for (const pkg of operantPackages) {
    const tarball = files
      .filter((f) => new RegExp(`^operant-${pkg}-\\d[^/]*\\.tgz$`).test(f))
      .sort()
      .at(-1);
    if (tarball === undefined) {
      throw new CliError(
        'config',
        `--operant-source ${source} has no operant-${pkg}-<version>.tgz: pack the packages into it with pnpm packages:pack ${source} in an Operant clone`,
      );
    }
    specs[pkg] = `file:${join(dir, tarball)}`;
  }
  return specs as Record<OperantPackage, string>;
}
