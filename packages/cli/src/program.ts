/**
 * The `operant` command line. Subcommands: `crd-gen`, `rbac-gen`, `webhook-gen`, `init`,
 * `create api`, `create webhook`, `edit`, `migrate-storage`, `helm`, `why` and `torture`; `operant --help` lists what exists. `runCli` runs it: errors of the commands
 * and of the CRD builder print as one message and exit 1. The bin is main.ts.
 * @module
 */
import 'reflect-metadata';
import { createRequire } from 'node:module';
import { CrdError } from '@operant/crd';
import { Command } from 'commander';
import { crdGenCommand } from './crd-gen/command.js';
import { createApiCommand } from './create-api/command.js';
import { createWebhookCommand } from './create-webhook/command.js';
import { editCommand } from './edit/command.js';
import { CliError } from './errors.js';
import { helmCommand } from './helm/command.js';
import { initCommand } from './init/command.js';
import { migrateStorageCliCommand } from './migrate-storage/command.js';
import { rbacGenCommand } from './rbac-gen/command.js';
import { tortureCommand } from './torture/command.js';
import { webhookGenCommand } from './webhook-gen/command.js';
import { whyCommand } from './why/command.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export function createProgram(): Command {
  return (
    new Command('operant')
      .description('controller-runtime and kubebuilder for TypeScript')
      .version(version)
      // program options only before a subcommand: `create api --version v1` is the API's version
      .enablePositionalOptions()
      .addCommand(crdGenCommand())
      .addCommand(rbacGenCommand())
      .addCommand(webhookGenCommand())
      .addCommand(initCommand())
      .addCommand(
        new Command('create')
          .description('scaffold an API or its webhooks (create api, create webhook)')
          .addCommand(createApiCommand())
          .addCommand(createWebhookCommand()),
      )
      .addCommand(editCommand())
      .addCommand(migrateStorageCliCommand())
      .addCommand(helmCommand())
      .addCommand(whyCommand())
      .addCommand(tortureCommand())
  );
}

/** Runs the command line on `argv` (node, script, arguments…); a command's error is one line and exit code 1. */
export async function runCli(argv: readonly string[]): Promise<void> {
  try {
    await createProgram().parseAsync([...argv]);
  } catch (err) {
    if (!CliError.is(err) && !CrdError.is(err)) throw err;
    process.stderr.write(`operant: ${err.message}\n`);
    process.exitCode = 1;
  }
}
