/**
 * `crd-gen --check-compat <old>`: compares the generated CRDs with the old ones, prints
 * every incompatible change (errors, then warnings, then what `--allow` let through) and
 * throws `CliError('incompatible')` when an error is left.
 * @module
 */
import type { CustomResourceDefinition } from '@operant/crd';
import { CliError } from '../../errors.js';
import type { CommandIo } from '../../io.js';
import { applyAllow } from './allow.js';
import { formatChange } from './change.js';
import { compareCrds } from './crd-rules.js';
import { loadOldCrds } from './load-old.js';

export interface CheckCompatOptions {
  /** A CRD file, a folder of them, or a git ref. */
  old: string;
  /** crd-gen's `--out`: the folder a git ref is read at. */
  out: string;
  /** Deliberate breaks (`allow.ts`). */
  allow?: readonly string[];
}

export async function checkCompat(
  crds: readonly CustomResourceDefinition[],
  options: CheckCompatOptions,
  io: CommandIo,
): Promise<void> {
  const old = await loadOldCrds(options.old, options.out);
  const { reported, allowed } = applyAllow(compareCrds(old, crds), options.allow ?? []);
  const errors = reported.filter((c) => c.severity === 'error');
  for (const c of [...errors, ...reported.filter((c) => c.severity === 'warning')]) io.stdout(`${formatChange(c)}\n`);
  for (const c of allowed) io.stdout(`allowed ${formatChange(c)}\n`);
  if (errors.length > 0) {
    throw new CliError(
      'incompatible',
      `${errors.length} incompatible change(s) from ${options.old}; fix them or name them with --allow`,
    );
  }
  io.stdout(`${crds.length} CRD(s) are compatible with ${old.length} CRD(s) of ${options.old}\n`);
}
