/**
 * `operant crd-gen [entries...] --out config/crd/bases [--check] [--verify]`: kubebuilder's
 * `make manifests` for CRDs. Imports the entry modules through swc, builds every
 * `@CustomResource` class into CRDs and writes them, or with `--check` exits non-zero and
 * prints a diff when the files on disk differ (for CI drift checks). With `--check-compat
 * <old>` nothing is written: the CRDs are compared with old ones (a file, a folder, a git
 * ref) and every change that breaks stored objects or clients fails the run (compat/). With `--verify` each
 * CRD is first dry-run on a control plane (verify.ts); a refusal writes nothing. Kinds with a
 * `@Conversion` class among the entries' exports get the conversion webhook stanza.
 * @module
 */
import { resolve } from 'node:path';
import { type BuildCrdsOptions, buildCrds } from '@operant/crd/schema';
import { Command } from 'commander';
import { CliError } from '../errors.js';
import { modulesOf } from '../generate/load-entries.js';
import { type CommandIo, processIo } from '../io.js';
import { convertibleKinds, withConversion } from '../webhook-gen/conversion.js';
import { loadWebhooks } from '../webhook-gen/load-webhooks.js';
import { checkCompat } from './compat/check-compat.js';
import { readDocComments } from './doc-comments.js';
import { drift, render, writeFiles } from './files.js';
import { loadResourceClasses } from './load-resources.js';
import { checkTsconfig } from './tsconfig-check.js';
import { verifyCrds } from './verify.js';

export interface CrdGenOptions {
  out: string;
  /** controller-gen's `maxDescLen`: cut every schema description to this many characters; 0 removes them all. */
  maxDescLen?: number;
  /** Read descriptions from doc comments (default true). */
  docComments?: boolean;
  /** `format` of integers without `@Format()`: `int32` (default, Go's int32), `int64`, or `none` (Go's int). */
  intFormat?: BuildCrdsOptions['intFormat'];
  check?: boolean;
  /** Compare with these old CRDs (a file, a folder or a git ref) instead of writing; fail on a breaking change. */
  checkCompat?: string;
  /** With `checkCompat`: deliberate breaks, by rule name, field path, CRD name or `rule:path`. */
  allow?: string[];
  /** Dry-run each CRD on a control plane before writing (`--verify`). */
  verify?: boolean;
  /** The control plane of `--verify`: this kubeconfig (default chain when absent)… */
  kubeconfig?: string;
  /** …or one started through @operant/testing. */
  envtest?: boolean;
  tsconfigCheck?: boolean;
}

export type CrdGenIo = CommandIo;

/** Runs crd-gen; resolves to the paths written (or checked). Throws `CliError` / `CrdError`. */
export async function crdGen(
  entries: readonly string[],
  options: CrdGenOptions,
  io: CrdGenIo = processIo,
): Promise<string[]> {
  if (entries.length === 0) throw new CliError('config', 'crd-gen needs at least one entry module');
  if ((options.kubeconfig !== undefined || options.envtest) && !options.verify) {
    throw new CliError('config', '--kubeconfig and --envtest need --verify');
  }
  if (options.allow !== undefined && options.checkCompat === undefined) {
    throw new CliError('config', '--allow needs --check-compat');
  }
  if (options.tsconfigCheck !== false) checkTsconfig(resolve(entries[0]!));
  const classes = await loadResourceClasses(entries);
  const docs =
    options.docComments === false ? undefined : readDocComments(entries.flatMap((e) => modulesOf(resolve(e))));
  const { crds, warnings } = buildCrds(classes, {
    describe: docs?.describe,
    maxDescriptionLength: options.maxDescLen,
    intFormat: options.intFormat,
  });
  for (const warning of docs?.warnings ?? []) io.stderr(`warning: ${warning}\n`);
  for (const warning of warnings) io.stderr(`warning: ${warning}\n`);
  // kinds with a @Conversion class among the entries' exports get the conversion webhook stanza
  const convertible = convertibleKinds(await loadWebhooks(entries));
  const final = crds.map((crd) => withConversion(crd, convertible));
  if (options.verify) {
    await verifyCrds(final, { kubeconfig: options.kubeconfig, envtest: options.envtest });
    io.stdout(`the API server accepts ${final.length} CRD(s) (dry run)\n`);
  }
  if (options.checkCompat !== undefined) {
    await checkCompat(final, { old: options.checkCompat, out: options.out, allow: options.allow }, io);
    if (!options.check) return [];
  }
  const files = render(final);
  const out = resolve(options.out);
  if (options.check) {
    const diffs = await drift(out, files);
    if (diffs.length > 0) {
      io.stdout(diffs.join('\n'));
      throw new CliError(
        'drift',
        `${diffs.length} difference(s) between ${options.out} and the classes; run operant crd-gen`,
      );
    }
    io.stdout(`${files.length} CRD file(s) in ${options.out} are up to date\n`);
    return files.map((f) => resolve(out, f.name));
  }
  const written = await writeFiles(out, files);
  for (const path of written) io.stdout(`wrote ${path}\n`);
  return written;
}

export function crdGenCommand(): Command {
  return new Command('crd-gen')
    .description('generate CustomResourceDefinition YAML from @CustomResource classes')
    .argument('<entries...>', 'modules (.ts or .js), or folders of them, that export @CustomResource classes')
    .option('-o, --out <dir>', 'output folder', 'config/crd/bases')
    .option(
      '--max-desc-len <n>',
      'cut every schema description to n characters, at a sentence end or with "..." (controller-gen maxDescLen); 0 removes them all',
      (v) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 0)
          throw new CliError('config', `--max-desc-len needs a non-negative integer, got ${v}`);
        return n;
      },
    )
    .option(
      '--int-format <format>',
      'format of integers without @Format(): int32 (Go int32), int64 or none (Go int)',
      (v): NonNullable<BuildCrdsOptions['intFormat']> => {
        if (v !== 'int32' && v !== 'int64' && v !== 'none')
          throw new CliError('config', `--int-format needs int32, int64 or none, got ${v}`);
        return v;
      },
      'int32',
    )
    .option('--no-doc-comments', 'do not take descriptions from doc comments')
    .option('--check', 'do not write; exit 1 and print a diff when the files on disk differ')
    .option(
      '--check-compat <old>',
      'do not write; compare with old CRDs (a file, a folder or a git ref) and exit 1 on a change that breaks stored objects or clients',
    )
    .option(
      '--allow <rule|path>',
      'with --check-compat: accept a deliberate break, by rule name, field path (v1/spec.size), CRD name or rule:path; repeatable',
      (v: string, previous: string[] = []) => [...previous, v],
    )
    .option(
      '--verify',
      'dry-run each CRD on a control plane (CEL cost, structural rules) before writing; exit 1 if refused',
    )
    .option('--kubeconfig <path>', 'the control plane of --verify (default: KUBECONFIG, then ~/.kube/config)')
    .option('--envtest', 'with --verify: start a control plane through @operant/testing for the run')
    .option('--no-tsconfig-check', 'skip checking experimentalDecorators/emitDecoratorMetadata in tsconfig.json')
    .action(async (entries: string[], options: CrdGenOptions) => {
      await crdGen(entries, options);
    });
}
