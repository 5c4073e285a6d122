#!/usr/bin/env node
/**
 * The `operant` command line. Subcommands (crd-gen, rbac-gen, init, create api) are added
 * by the issues that build them; `operant --help` lists what exists.
 * @module
 */
import { createRequire } from 'node:module';
import { Command } from 'commander';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export function createProgram(): Command {
  return new Command('operant').description('controller-runtime and kubebuilder for TypeScript').version(version);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await createProgram().parseAsync(process.argv);
}
