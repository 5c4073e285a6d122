/**
 * `operant helm [--input dist/install.yaml] [--output chart] [--name n] [--chart-version v]
 * [--check]`: kubebuilder's `edit --plugins=helm/v2-alpha`. Reads the kustomize output
 * (`pnpm build-installer` writes it: `kubectl kustomize config/default`) and writes the
 * chart into `chart/` (not kubebuilder's `dist/chart`: `dist/` is the compiler's output and
 * ignored by git), or with `--check` exits non-zero and prints a diff when the chart on
 * disk differs. The chart's name and version default to package.json's.
 * @module
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { Command } from 'commander';
import { CliError } from '../errors.js';
import { diffFile } from '../generate/output.js';
import { type CommandIo, processIo } from '../io.js';
import { buildChart, type ChartFile } from './chart.js';
import { parseManifests } from './objects.js';

export interface HelmOptions {
  /** The kustomize output, `dist/install.yaml` by default. */
  input?: string;
  /** The chart's folder, `chart` by default. */
  output?: string;
  /** The chart's name; package.json's `name` by default. */
  name?: string;
  /** The chart's version and appVersion; package.json's `version` by default. */
  chartVersion?: string;
  check?: boolean;
}

async function packageJson(dir: string): Promise<{ name?: string; version?: string }> {
  const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => '{}');
  return JSON.parse(text) as { name?: string; version?: string };
}

/** The `.yaml` files under `templates/` of the chart on disk, relative to it. */
async function templatesOnDisk(out: string): Promise<string[]> {
  const entries = await readdir(join(out, 'templates'), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.yaml'))
    .map((e) => relative(out, join(e.parentPath, e.name)));
}

async function check(out: string, files: readonly ChartFile[], io: CommandIo): Promise<void> {
  const diffs: string[] = [];
  for (const file of files) {
    const diff = await diffFile(join(out, file.path), file.content);
    if (diff !== undefined) diffs.push(diff);
  }
  const expected = new Set(files.map((f) => f.path));
  for (const stale of (await templatesOnDisk(out)).filter((p) => !expected.has(p)).sort()) {
    diffs.push(`${join(out, stale)}: no longer generated (remove it)\n`);
  }
  if (diffs.length > 0) {
    io.stdout(diffs.join(''));
    throw new CliError('drift', `the chart in ${out} is out of date: run operant helm (pnpm helm)`);
  }
  io.stdout(`${out} is up to date\n`);
}

/** Writes the chart (templates no longer generated are removed); resolves to the chart's folder. Throws `CliError`. */
export async function helm(options: HelmOptions = {}, io: CommandIo = processIo): Promise<string> {
  const input = options.input ?? 'dist/install.yaml';
  const out = resolve(options.output ?? 'chart');
  const text = await readFile(input, 'utf8').catch((cause: unknown) => {
    throw new CliError('load', `unable to read ${input}: run pnpm build-installer first`, { cause });
  });
  const pkg = await packageJson(process.cwd());
  const files = buildChart(parseManifests(text, input), {
    name: options.name ?? pkg.name ?? 'operator',
    version: options.chartVersion ?? pkg.version ?? '0.1.0',
    source: input,
  });
  if (options.check) {
    await check(out, files, io);
    return out;
  }
  const expected = new Set(files.map((f) => f.path));
  for (const stale of (await templatesOnDisk(out)).filter((p) => !expected.has(p))) await rm(join(out, stale));
  for (const file of files) {
    await mkdir(dirname(join(out, file.path)), { recursive: true });
    await writeFile(join(out, file.path), file.content);
  }
  io.stdout(`wrote ${files.length} files in ${out}\n`);
  return out;
}

export function helmCommand(): Command {
  return new Command('helm')
    .description('write a Helm chart from the kustomize output (kubebuilder edit --plugins=helm/v2-alpha)')
    .option('--input <file>', 'the kustomize output (kubectl kustomize config/default)', 'dist/install.yaml')
    .option('--output <dir>', "the chart's folder", 'chart')
    .option('--name <name>', "the chart's name (default: package.json's name)")
    .option('--chart-version <version>', "the chart's version and appVersion (default: package.json's version)")
    .option('--check', 'exit non-zero and print a diff when the chart on disk differs')
    .action(async (options: HelmOptions) => {
      await helm(options);
    });
}
